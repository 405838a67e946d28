import CloseIcon from '@mui/icons-material/Close';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, startTransition, useEffect, useId, useRef, useState } from 'react';
import { HydratedLater } from '@/components/HydratedLater';
import { messages } from '../messages';

/** Phones: the filters go into a sheet (MUI's `sm` breakpoint, 600 px). */
export const FILTERS_SHEET_QUERY = '(max-width:599.95px)';
const onPhones = `@media ${FILTERS_SHEET_QUERY}`;

/**
 * Whether the window is a phone's: false on the first render, as on the server, then the window's
 * answer, followed as it is resized. The change renders in a transition, in the background: on a
 * phone, hydration's commit is not followed at once, in the same task, by a render that moves the
 * fields into the sheet (MUI's useMediaQuery makes that render synchronous).
 */
function usePhoneWidth(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(FILTERS_SHEET_QUERY);
    const follow = () => startTransition(() => setPhone(query.matches));
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return phone;
}

/**
 * A course list's filters. On a wide window, today's row of fields (the search box first, when
 * there is one). On a phone the results come first: the search box, then one button, 'Filters (n)'
 * with the number of choices made, that opens the other fields in a sheet from the bottom (a modal
 * dialog named 'Filters': the focus goes into it, Escape and 'Show n courses' close it, and the
 * focus comes back to the button), with 'Clear all'. The prerendered page has the wide row and the
 * button, one hidden by a CSS media query, so a phone shows the button before the script runs and
 * nothing moves when it does.
 */
export function CatalogueFilters({
  search,
  applied,
  total,
  onClearAll,
  children,
}: {
  /** The search box, kept on the page on a phone. */
  search?: ReactNode;
  /** How many of the sheet's choices are made (not the search). */
  applied: number;
  /** How many courses the choices give, once known. */
  total: number | undefined;
  /** Undoes the sheet's choices. */
  onClearAll: () => void;
  /** The fields, as cells of a Grid (stacked below `sm`). */
  children: ReactNode;
}) {
  const phone = usePhoneWidth();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const sheetId = useId();
  const close = () => {
    setOpen(false);
    // MUI's Modal gives the focus back to what had it before, which a tap on a phone may not have focused.
    button.current?.focus();
  };
  // One tree for both widths, the prerendered page's: when the script finds a phone, the wide row
  // only loses its fields (hidden there by CSS already) and nothing else is rendered anew.
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2, [onPhones]: search ? undefined : { display: 'none' } }}>
        {search ? <Grid size={{ xs: 12, md: 6 }}>{search}</Grid> : null}
        {phone ? null : (
          <Box sx={{ display: 'contents', [onPhones]: { display: 'none' } }}>
            <HydratedLater>{children}</HydratedLater>
          </Box>
        )}
      </Grid>
      <Box sx={phone ? { mb: 2 } : { display: 'none', [onPhones]: { display: 'block', mb: 2 } }}>
        <Button
          ref={button}
          variant="outlined"
          startIcon={<TuneIcon />}
          aria-haspopup="dialog"
          aria-expanded={phone && open}
          aria-controls={phone && open ? sheetId : undefined}
          onClick={() => setOpen(true)}
        >
          {messages.filtersButton(applied)}
        </Button>
      </Box>
      {phone ? (
        <Drawer anchor="bottom" open={open} onClose={close} id={sheetId} slotProps={{ paper: { 'aria-labelledby': titleId, sx: { maxHeight: '90vh' } } }}>
          <Box sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
              <Typography id={titleId} component="h2" variant="h6">
                {messages.filtersTitle}
              </Typography>
              <IconButton aria-label={messages.closeFilters} onClick={close} edge="end">
                <CloseIcon />
              </IconButton>
            </Stack>
            <Grid container spacing={2}>
              {children}
            </Grid>
            <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
              {/* Never disabled: the focus stays on it after a click (a disabled button would drop it out of the sheet). */}
              <Button onClick={onClearAll}>
                {messages.clearAll}
              </Button>
              <Button variant="contained" onClick={close}>
                {messages.showCourses(total)}
              </Button>
            </Stack>
          </Box>
        </Drawer>
      ) : null}
    </>
  );
}
