import Grid, { type GridProps } from '@mui/material/Grid';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Key, ReactNode } from 'react';
import { HydratedLater } from './HydratedLater';

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
  /**
   * On a prerendered page: this many cells hydrate with the page, and the rest this many at a time,
   * each group in a later pass of its own (HydratedLater), so that a long list is not one commit.
   */
  hydrationStep?: number;
}

/** The cells from the first on, `step` of them hydrating with their container and the rest in nested later passes. */
function inHydrationSteps(cells: ReactNode[], step: number): ReactNode {
  if (cells.length <= step) return cells;
  return (
    <>
      {cells.slice(0, step)}
      <HydratedLater>{inHydrationSteps(cells.slice(step), step)}</HydratedLater>
    </>
  );
}

/** A responsive grid of cards, read by assistive technology as a list of its items. */
export function CardGrid<Item>({ items, itemKey, renderItem, size, spacing = 3, itemSx, hydrationStep }: CardGridProps<Item>) {
  const cells = items.map((item, index) => (
    <Grid key={itemKey(item)} size={size} component="li" sx={itemSx}>
      {renderItem(item, index)}
    </Grid>
  ));
  return (
    <Grid container spacing={spacing} component="ul" sx={listSx}>
      {hydrationStep === undefined ? cells : inHydrationSteps(cells, hydrationStep)}
    </Grid>
  );
}
