import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { useState } from 'react';

/**
 * A person's picture, or their initials when they have none or it does not load. Decorative: the
 * name is shown next to it. The picture is the page's own `<img>`, which says when it fails (its
 * error event, or a picture that already failed before the page hydrated): MUI's Avatar would load
 * each picture a second time to find out, and render again when it has (on a list of course cards,
 * one long task).
 */
export function PersonAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  const picture = src !== null && src !== '' && src !== failedSrc ? src : null;
  return (
    <Avatar aria-hidden="true" sx={{ width: size, height: size, fontSize: size / 2.5, bgcolor: 'primary.main' }}>
      {picture === null ? (
        initials
      ) : (
        <Box
          component="img"
          src={picture}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          ref={(image: HTMLImageElement | null) => {
            // Complete without a width: broken, or a picture with no size of its own (an SVG), which decodes.
            if (image?.complete && image.naturalWidth === 0) image.decode().catch(() => setFailedSrc(picture));
          }}
          onError={() => setFailedSrc(picture)}
          // MUI's Avatar image: the circle filled, a broken picture's alt text and icon hidden.
          sx={{ width: '100%', height: '100%', objectFit: 'cover', color: 'transparent', textIndent: 10000 }}
        />
      )}
    </Avatar>
  );
}
