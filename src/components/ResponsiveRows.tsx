import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Key, type ReactNode, type Ref, useId } from 'react';
import { useCompactLayout } from './useCompactLayout';

/** One column of a list: its header on wide screens, a labelled fact (or the title, or the buttons) of a card on phones. */
export interface RowColumn<Row> {
  /** The column header; the fact's label in a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * `title`: the row's header cell, and the card's heading; `actions`: the row's buttons, at the
   * foot of the card without a label. Anything else is a fact: its label, then its value.
   */
  role?: 'title' | 'actions';
  /** In a card, the value goes under its label across the whole card (a long text, a video). */
  fullWidth?: boolean;
  /** Styles of the table cell and of the card's value (`whiteSpace: 'pre-line'` for a text with line breaks). */
  sx?: SxProps<Theme>;
  /** The language of the row's value when it is not the page's (a course's title in Yoruba), on its cell or card value. */
  lang?: (row: Row) => string | undefined;
}

export interface ResponsiveRowsProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The columns in order; `false` (or null) leaves one out, e.g. a figure the provider does not serve. */
  columns: readonly (RowColumn<Row> | false | null | undefined)[];
  /** Names the table, or the list of cards. */
  label: string;
  /** A row that cannot be shown in columns (its data is incomplete): what it says instead, across the row or card; null for a normal row. */
  whole?: (row: Row) => ReactNode;
  /** The outer box, for a screen that moves the focus there (e.g. after a row was removed). */
  containerRef?: Ref<HTMLDivElement>;
  /** Lets `containerRef` take the focus (tabIndex -1). */
  focusable?: boolean;
}

/** The props with the columns left out by the screen already dropped. */
type ShownProps<Row> = Omit<ResponsiveRowsProps<Row>, 'columns'> & { columns: readonly RowColumn<Row>[] };

const actionsSx = { flexWrap: 'wrap', alignItems: 'flex-start' } as const;

function Actions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={actionsSx}>
      {children}
    </Stack>
  );
}

function RowsTable<Row>({ rows, rowKey, columns, label, whole, containerRef, focusable }: ShownProps<Row>) {
  return (
    <TableContainer component={Paper} variant="outlined" ref={containerRef} tabIndex={focusable ? -1 : undefined}>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} scope="col">
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const instead = whole?.(row);
            if (instead != null) {
              return (
                <TableRow key={rowKey(row)}>
                  <TableCell colSpan={columns.length}>{instead}</TableCell>
                </TableRow>
              );
            }
            return (
              <TableRow key={rowKey(row)}>
                {columns.map((column) =>
                  column.role === 'title' ? (
                    <TableCell key={column.header} component="th" scope="row" lang={column.lang?.(row)} sx={[{ fontWeight: 600 }, ...asArray(column.sx)]}>
                      {column.cell(row)}
                    </TableCell>
                  ) : (
                    <TableCell key={column.header} lang={column.lang?.(row)} sx={column.sx}>
                      {column.role === 'actions' ? <Actions>{column.cell(row)}</Actions> : column.cell(row)}
                    </TableCell>
                  ),
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function asArray(sx: SxProps<Theme> | undefined) {
  return sx === undefined ? [] : Array.isArray(sx) ? sx : [sx];
}

function isShown(node: ReactNode): boolean {
  return node !== null && node !== undefined && node !== false && node !== '';
}

function RowCard<Row>({ row, columns }: { row: Row; columns: readonly RowColumn<Row>[] }) {
  const headingId = useId();
  const title = columns.find((column) => column.role === 'title');
  const facts = columns.flatMap((column) => {
    if (column.role) return [];
    const value = column.cell(row);
    return isShown(value) ? [{ column, value }] : [];
  });
  const actions = columns.filter((column) => column.role === 'actions').map((column) => ({ column, value: column.cell(row) }));
  return (
    <Paper component="li" variant="outlined" aria-labelledby={title ? headingId : undefined} sx={{ p: 2 }}>
      {title ? (
        <Typography id={headingId} component="h2" lang={title.lang?.(row)} sx={[{ fontSize: '1.1rem', fontWeight: 600, overflowWrap: 'anywhere', mb: 1 }, ...asArray(title.sx)]}>
          {title.cell(row)}
        </Typography>
      ) : null}
      {facts.length > 0 ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0, alignItems: 'start' }}>
          {facts.map(({ column, value }) => (
            <Box key={column.header} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', gridColumn: column.fullWidth ? '1 / -1' : undefined }}>
                {column.header}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                lang={column.lang?.(row)}
                sx={[{ m: 0, minWidth: 0, overflowWrap: 'anywhere', gridColumn: column.fullWidth ? '1 / -1' : undefined }, ...asArray(column.sx)]}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      {actions.map(({ column, value }) =>
        isShown(value) ? (
          <Box key={column.header} sx={{ mt: 2 }}>
            <Actions>{value}</Actions>
          </Box>
        ) : null,
      )}
    </Paper>
  );
}

function RowCards<Row>({ rows, rowKey, columns, label, whole, containerRef, focusable }: ShownProps<Row>) {
  return (
    <Box ref={containerRef} tabIndex={focusable ? -1 : undefined} sx={{ outline: 'none' }}>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {rows.map((row) => {
          const instead = whole?.(row);
          return instead != null ? (
            <Paper key={rowKey(row)} component="li" variant="outlined" sx={{ p: 2 }}>
              {instead}
            </Paper>
          ) : (
            <RowCard key={rowKey(row)} row={row} columns={columns} />
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The rows of an area list from one description of its columns: a table on md+ screens, a list
 * of cards below `md` (a phone), each card with its title as an h2 (under the screen's h1), its facts as a
 * description list and its buttons at its foot, so nothing needs scrolling sideways. One of the
 * two is rendered, never both, so each control exists once.
 */
export function ResponsiveRows<Row>(props: ResponsiveRowsProps<Row>) {
  const compact = useCompactLayout();
  const columns = props.columns.filter((column): column is RowColumn<Row> => Boolean(column));
  return compact ? <RowCards {...props} columns={columns} /> : <RowsTable {...props} columns={columns} />;
}
