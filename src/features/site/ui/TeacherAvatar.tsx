import Avatar from '@mui/material/Avatar';

/** A teacher's picture, or their initials when they have none. Decorative: the name is shown next to it. */
export function TeacherAvatar({ name, src, size }: { name: string; src: string | null; size: number }) {
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
