import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { type CompiledDiagram, DIAGRAM_FORMAT, type ProductModel } from '@cpq/engine';

/**
 * Compiled diagrams of model versions, one file per version in a folder of the data folder, so that a restarted
 * server loads a version's diagram instead of compiling it again. A file is the magic `CPQD`, the length of a JSON
 * header (4 bytes, little-endian), the header, padding to 4 bytes, then the diagram's five Int32Arrays raw, in
 * the machine's byte order (the header says which). The header carries the file's and the engine's diagram
 * format, a hash of the parsed model and a hash of the arrays: a file that does not match all of them is not used.
 */
export type TDiagramStore = {
  /** The stored diagram of version `modelId` compiled from `modelHash`'s model, or null (missing or unusable). */
  read(modelId: number, modelHash: string): Promise<CompiledDiagram | null>;
  /** Stores the diagram (atomically: a reader sees the old file or the whole new one); never rejects. */
  write(modelId: number, modelHash: string, diagram: CompiledDiagram): Promise<void>;
};

/** The layout of the file itself; raise it when the header or the arrays' layout changes. */
const STORE_FORMAT = 1;
const MAGIC = Buffer.from('CPQD', 'latin1');
const LITTLE_ENDIAN = endianness() === 'LE';

type THeader = {
  store: number;
  diagram: number;
  littleEndian: boolean;
  modelHash: string;
  /** SHA-256 of the arrays' bytes. */
  checksum: string;
  /** The arrays' lengths, in the order of {@link arraysOf}. */
  lengths: number[];
  nodeCount: number;
  edgeCount: number;
  orderAttempts: number;
  unsiftedEdges: number;
  compileMs: number;
};

const sha256 = (parts: readonly Uint8Array[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/**
 * The hash a stored diagram is checked against: of the model as the engine parsed it, which is what the diagram is
 * compiled from. Parsing orders keys as the engine's schema does, so the JSON's own order (PostgreSQL's jsonb
 * gives keys back reordered) does not matter; a model whose hash differs only compiles again.
 */
export const modelHashOf = (model: ProductModel): string => sha256([Buffer.from(JSON.stringify(model))]);

const arraysOf = (diagram: CompiledDiagram): Int32Array[] => {
  const mdd = diagram.mdd;
  return mdd ? [mdd.order, mdd.layerStart, mdd.edgeStart, mdd.edgeLabel, mdd.edgeChild] : [];
};

const bytesOf = (array: Int32Array): Uint8Array => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** The file's bytes, as parts to write one after another; null for a diagram without an mdd (nothing to keep). */
export function encodeDiagram(diagram: CompiledDiagram, modelHash: string): Uint8Array[] | null {
  const mdd = diagram.mdd;
  if (!mdd) return null;
  const body = arraysOf(diagram).map(bytesOf);
  const header: THeader = {
    store: STORE_FORMAT,
    diagram: DIAGRAM_FORMAT,
    littleEndian: LITTLE_ENDIAN,
    modelHash,
    checksum: sha256(body),
    lengths: arraysOf(diagram).map((array) => array.length),
    nodeCount: mdd.nodeCount,
    edgeCount: mdd.edgeCount,
    orderAttempts: diagram.orderAttempts,
    unsiftedEdges: diagram.unsiftedEdges,
    compileMs: diagram.compileMs,
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const padding = Buffer.alloc((4 - ((MAGIC.length + 4 + json.length) % 4)) % 4, 0x20);
  return [MAGIC, length, json, padding, ...body];
}

/** An Int32Array of `length` at `offset` of `bytes`: a view when aligned, else a copy. */
const int32At = (bytes: Buffer, offset: number, length: number): Int32Array => {
  const start = bytes.byteOffset + offset;
  if (start % 4 === 0) return new Int32Array(bytes.buffer, start, length);
  const copy = new Int32Array(length);
  bytes.copy(new Uint8Array(copy.buffer), 0, offset, offset + length * 4);
  return copy;
};

const isHeader = (value: unknown): value is THeader => {
  const header = value as Partial<THeader> | null;
  return (
    typeof header === 'object' &&
    header !== null &&
    Array.isArray(header.lengths) &&
    header.lengths.length === 5 &&
    header.lengths.every((length) => Number.isSafeInteger(length) && length >= 0) &&
    [header.nodeCount, header.edgeCount, header.orderAttempts, header.unsiftedEdges, header.compileMs].every(
      (figure) => typeof figure === 'number' && Number.isFinite(figure),
    )
  );
};

/** The diagram a file holds, or null when it is not a whole file of this format for `modelHash`'s model. */
export function decodeDiagram(bytes: Buffer, modelHash: string): CompiledDiagram | null {
  if (bytes.length < 8 || !bytes.subarray(0, 4).equals(MAGIC)) return null;
  const headerLength = bytes.readUInt32LE(4);
  if (8 + headerLength > bytes.length) return null;
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength));
  } catch {
    return null;
  }
  if (!isHeader(header)) return null;
  const isOurs =
    header.store === STORE_FORMAT &&
    header.diagram === DIAGRAM_FORMAT &&
    header.littleEndian === LITTLE_ENDIAN &&
    header.modelHash === modelHash;
  if (!isOurs) return null;
  const [orderLength = 0, layerLength = 0, nodeEdges = 0, labelLength = 0, childLength = 0] = header.lengths;
  const isShaped =
    layerLength === orderLength + 2 &&
    nodeEdges === header.nodeCount + 1 &&
    labelLength === header.edgeCount &&
    childLength === header.edgeCount;
  let offset = 8 + headerLength;
  offset += (4 - (offset % 4)) % 4;
  const bodyLength = header.lengths.reduce((sum, length) => sum + length * 4, 0);
  if (!isShaped || offset + bodyLength !== bytes.length) return null;
  if (sha256([bytes.subarray(offset)]) !== header.checksum) return null;
  const [order, layerStart, edgeStart, edgeLabel, edgeChild] = header.lengths.map((length) => {
    const array = int32At(bytes, offset, length);
    offset += length * 4;
    return array;
  }) as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  return {
    mdd: {
      order,
      layerStart,
      edgeStart,
      edgeLabel,
      edgeChild,
      nodeCount: header.nodeCount,
      edgeCount: header.edgeCount,
    },
    orderAttempts: header.orderAttempts,
    unsiftedEdges: header.unsiftedEdges,
    compileMs: header.compileMs,
  };
}

/**
 * The store of compiled diagrams in `dir`. `onWriteError` hears of a file that could not be written (the version
 * then compiles again in the next process; the serving process is not affected).
 */
export function createDiagramStore(dir: string, onWriteError: (error: unknown) => void = () => {}): TDiagramStore {
  const fileOf = (modelId: number) => join(dir, `${modelId}.diagram`);
  return {
    async read(modelId, modelHash) {
      try {
        return decodeDiagram(await readFile(fileOf(modelId)), modelHash);
      } catch {
        return null;
      }
    },
    async write(modelId, modelHash, diagram) {
      const parts = encodeDiagram(diagram, modelHash);
      if (!parts) return;
      const temporary = join(dir, `${modelId}.${randomUUID()}.tmp`);
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(temporary, parts);
        await rename(temporary, fileOf(modelId));
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        onWriteError(error);
      }
    },
  };
}
