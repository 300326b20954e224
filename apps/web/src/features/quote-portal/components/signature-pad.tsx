import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type PointerEvent, useEffect, useRef } from 'react';

const WIDTH = 600;
const HEIGHT = 180;
/** Dark ink on white paper in either colour mode: the drawing goes onto the signed PDF as it is. */
const INK = '#1b1f2a';
const PAPER = '#ffffff';

function paint(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  const context = canvas?.getContext('2d') ?? null;
  if (!context) return null;
  context.lineWidth = 2.5;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = INK;
  return context;
}

function blank(canvas: HTMLCanvasElement | null): void {
  const context = paint(canvas);
  if (!context) return;
  context.fillStyle = PAPER;
  context.fillRect(0, 0, WIDTH, HEIGHT);
}

type TSignaturePadProps = {
  /** The drawing as a PNG data URL, '' while nothing is drawn. */
  onChange: (png: string) => void;
  hasSignature: boolean;
  isInvalid: boolean;
  describedBy?: string;
};

/**
 * A box to sign in with a mouse, a finger or a pen (pointer events cover all three; the page does not scroll while
 * drawing in it), and Clear. Each finished stroke hands the whole drawing on as a PNG.
 */
export function SignaturePad({ onChange, hasSignature, isInvalid, describedBy }: TSignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isDrawing = useRef(false);

  // White paper, not a transparent canvas: the PNG is placed on the signed PDF as drawn.
  useEffect(() => blank(canvasRef.current), []);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * WIDTH) / Math.max(rect.width, 1),
      y: ((event.clientY - rect.top) * HEIGHT) / Math.max(rect.height, 1),
    };
  };
  const handleDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = paint(canvasRef.current);
    if (!context) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    isDrawing.current = true;
    const { x, y } = pointOf(event);
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const handleMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!isDrawing.current) return;
    const context = paint(canvasRef.current);
    if (!context) return;
    const { x, y } = pointOf(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const handleUp = () => {
    if (!isDrawing.current) return;
    isDrawing.current = false;
    const canvas = canvasRef.current;
    if (canvas) onChange(canvas.toDataURL('image/png'));
  };
  const handleClear = () => {
    blank(canvasRef.current);
    onChange('');
  };

  return (
    <Stack sx={{ gap: 1 }}>
      <Box
        component="canvas"
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={hasSignature ? 'Your drawn signature' : 'Signature box: draw your signature here'}
        aria-describedby={describedBy}
        onPointerDown={handleDown}
        onPointerMove={handleMove}
        onPointerUp={handleUp}
        onPointerCancel={handleUp}
        onPointerLeave={handleUp}
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          bgcolor: PAPER,
          border: 2,
          borderStyle: 'dashed',
          borderColor: isInvalid ? 'error.main' : 'divider',
          borderRadius: 1,
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" color="inherit" onClick={handleClear} disabled={!hasSignature}>
          Clear
        </Button>
      </Stack>
    </Stack>
  );
}
