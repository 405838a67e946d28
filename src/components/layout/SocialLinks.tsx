import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SvgIconComponent } from '@mui/icons-material';
import { env } from '@/config/env';

const icons: Record<string, SvgIconComponent> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  X: XIcon,
  YouTube: YouTubeIcon,
};

/** The academy's social profiles, as configured at build time; nothing when none are. */
export function SocialLinks({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  if (env.socialLinks.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {env.socialLinks.map(({ name, url }) => {
        const Icon = icons[name] ?? FacebookIcon;
        return (
          <li key={name}>
            <IconButton href={url} target="_blank" rel="noopener noreferrer" aria-label={`${name} (opens in a new tab)`} color={color} size="small">
              <Icon fontSize="small" />
            </IconButton>
          </li>
        );
      })}
    </Stack>
  );
}
