import { formatCurrency, orDash, type TQuoteLine } from '@cpq/contracts';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { reconfigurePath } from '../../catalog/configurator-paths';
import { ProductThumbnail } from '../../products/components/product-thumbnail';
import { LineDetails } from './line-details';
import { extendedPrice, isReconfigurable, lineDescription, linePartNumber } from './quote-lines';

type TQuoteLinesTableProps = {
  lines: TQuoteLine[];
  quoteId: number;
  /** False on locked quotes and orders: their configured lines cannot be reopened for a change. */
  isEditable: boolean;
};

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function RowButtons({ line, quoteId, isEditable, isOpen, onToggle }: TRowProps & { onToggle: () => void }) {
  const label = orDash(linePartNumber(line) ?? line.productName);
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {isEditable && isReconfigurable(line) && (
        <IconButton
          component={RouterLink}
          to={reconfigurePath(line.productId, quoteId, line.configurationId)}
          aria-label={`Edit ${label}`}
          title="Edit the configuration"
        >
          <EditOutlined />
        </IconButton>
      )}
      {line.Details.length > 0 && (
        <IconButton
          aria-label={`Details of ${label}`}
          aria-expanded={isOpen}
          aria-controls={`line-details-${line.id}`}
          onClick={onToggle}
        >
          <KeyboardArrowDown sx={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(180deg)' : 'none' }} />
        </IconButton>
      )}
    </Stack>
  );
}

type TRowProps = { line: TQuoteLine; quoteId: number; isEditable: boolean; isOpen: boolean };

function LineRow(props: TRowProps & { onToggle: () => void }) {
  const { line, isOpen } = props;
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: isOpen ? 0 : undefined } }}>
        <TableCell sx={{ width: 88 }}>
          <ProductThumbnail src={line.imgUrl} name={line.productName ?? orDash(linePartNumber(line))} size={56} />
        </TableCell>
        <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{orDash(linePartNumber(line))}</TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere' }}>{orDash(lineDescription(line))}</TableCell>
        <TableCell align="right" sx={money}>
          {line.quantity}
        </TableCell>
        <TableCell align="right" sx={money}>
          {formatCurrency(line.price)}
        </TableCell>
        <TableCell align="right" sx={{ ...money, fontWeight: 600 }}>
          {formatCurrency(extendedPrice(line))}
        </TableCell>
        <TableCell align="right" sx={{ width: 112, py: 0 }}>
          <RowButtons {...props} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0, borderBottom: isOpen ? undefined : 0 }}>
          <Collapse in={isOpen} unmountOnExit id={`line-details-${line.id}`}>
            <Box sx={{ py: 2, pl: { md: 11 } }}>
              <LineDetails line={line} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function LineCard(props: TRowProps & { onToggle: () => void }) {
  const { line, isOpen } = props;
  return (
    <Card component="li" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <ProductThumbnail src={line.imgUrl} name={line.productName ?? orDash(linePartNumber(line))} size={56} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{orDash(linePartNumber(line))}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {orDash(lineDescription(line))}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={money}>
          {line.quantity} × {formatCurrency(line.price)}
        </Typography>
        <Typography sx={{ ...money, fontWeight: 700 }}>{formatCurrency(extendedPrice(line))}</Typography>
      </Stack>
      {(line.Details.length > 0 || (props.isEditable && isReconfigurable(line))) && (
        <Box sx={{ mt: 0.5, mr: -1 }}>
          <RowButtons {...props} />
        </Box>
      )}
      <Collapse in={isOpen} unmountOnExit id={`line-details-${line.id}`}>
        <Box sx={{ pt: 1 }}>
          <LineDetails line={line} />
        </Box>
      </Collapse>
    </Card>
  );
}

/** The quote's lines: image, part number, description, quantity, unit and extended price; Details expand. */
export function QuoteLinesTable({ lines, quoteId, isEditable }: TQuoteLinesTableProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('lg'));
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const rowProps = (line: TQuoteLine) => ({
    line,
    quoteId,
    isEditable,
    isOpen: openIds.has(line.id),
    onToggle: () => toggle(line.id),
  });

  if (isPhone) {
    return (
      <Stack component="ul" aria-label="Lines" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {lines.map((line) => (
          <LineCard key={line.id} {...rowProps(line)} />
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Card}>
      <Table aria-label="Lines">
        <TableHead>
          <TableRow>
            <TableCell>Image</TableCell>
            <TableCell>Part #</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Unit Price</TableCell>
            <TableCell align="right">Extended Price</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <LineRow key={line.id} {...rowProps(line)} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
