import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@/components/visuallyHidden';

export interface AreaLink {
  label: string;
  to: string;
  /** A decorative icon, shown with the label in the desktop column, the phone bar and its drawer. */
  icon: ReactNode;
  /** A count shown beside the label when above 0 (e.g. unread messages); `label` is what it means, read with the link. */
  badge?: { count: number; label: string };
  /** One of the (at most four) entries of the phone's bottom bar; all entries are under its 'More'. */
  inBar?: boolean;
  /**
   * The bar's shorter label, one word that fits a fifth of a 320 px phone ('Assignments' for 'My
   * Assignments'); `label` stays the link's name, and should contain it (WCAG 2.5.3).
   */
  barLabel?: string;
  /** Route patterns of the pages below this entry (one assignment under My Assignments): they mark it as where the reader is. */
  below?: readonly string[];
  /** Also an entry of the header's account menu (the area's main pages and Logout). */
  inAccount?: boolean;
}

/** A count beside an area link (aria-hidden), with what it means in words for screen readers. */
export function AreaLinkBadge({ count, label }: { count: number; label: string }) {
  return (
    <>
      <Box
        component="span"
        aria-hidden
        sx={{
          ml: 1,
          minWidth: 22,
          height: 22,
          px: 0.75,
          borderRadius: 11,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: '0.75rem',
          fontWeight: 700,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {count}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </>
  );
}

