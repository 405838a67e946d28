import Grid, { type GridProps } from '@mui/material/Grid';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Key, ReactNode } from 'react';

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

interface CardGridProps<Item> {
  items: readonly Item[];
  /** A stable React key per item. */
  itemKey: (item: Item) => Key;
  renderItem: (item: Item, index: number) => ReactNode;
  /** The columns (of 12) each item spans, per breakpoint: `{ xs: 12, sm: 6, md: 4 }`. */
  size: GridProps['size'];
  spacing?: GridProps['spacing'];
  /** Styles of each item's cell. */
  itemSx?: SxProps<Theme>;
}

/** A responsive grid of cards, read by assistive technology as a list of its items. */
export function CardGrid<Item>({ items, itemKey, renderItem, size, spacing = 3, itemSx }: CardGridProps<Item>) {
  return (
    <Grid container spacing={spacing} component="ul" sx={listSx}>
      {items.map((item, index) => (
        <Grid key={itemKey(item)} size={size} component="li" sx={itemSx}>
          {renderItem(item, index)}
        </Grid>
      ))}
    </Grid>
  );
}
