import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ComponentProps } from 'react';

/** A 16:9 cover filling its card's width (course cards, blog posts). */
export const coverSx = { width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' } as const;

type DecorativeImageProps = Omit<ComponentProps<'img'>, 'alt' | 'ref'> & {
  width: number;
  height: number;
  sx?: SxProps<Theme>;
};

/**
 * An image that says nothing the text beside it does not (`alt=""`), with its size in the markup
 * so nothing shifts while it loads, and loaded only when scrolled near unless `loading` says so.
 */
export function DecorativeImage({ loading = 'lazy', ...image }: DecorativeImageProps) {
  return <Box component="img" alt="" loading={loading} {...image} />;
}
