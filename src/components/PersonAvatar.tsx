import Avatar from '@mui/material/Avatar';

/** A person's picture, or their initials when they have none. Decorative: the name is shown next to it. */
export function PersonAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      aria-hidden="true"
      sx={{ width: size, height: size, fontSize: size / 2.5, bgcolor: 'primary.main' }}
      slotProps={{ img: { width: size, height: size, loading: 'lazy' } }}
    >
      {initials}
    </Avatar>
  );
}
