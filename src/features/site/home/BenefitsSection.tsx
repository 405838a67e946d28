import SchoolIcon from '@mui/icons-material/School';
import TranslateIcon from '@mui/icons-material/Translate';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { CardGrid } from '@/components/CardGrid';
import { benefits, type BenefitId } from '@/content/home';
import { messages } from '../messages';
import { HomeSection } from './HomeSection';

const icons: Record<BenefitId, SvgIconComponent> = {
  languageMastery: TranslateIcon,
  certificates: WorkspacePremiumIcon,
  experts: SchoolIcon,
};

/** The home page's about section. */
export function BenefitsSection() {
  return (
    <HomeSection title={messages.benefitsHeading} heights={[685, 336]} tinted>
      <CardGrid
        items={benefits}
        itemKey={(benefit) => benefit.id}
        size={{ xs: 12, md: 4 }}
        spacing={4}
        renderItem={({ id, title, desc }) => {
          const Icon = icons[id];
          return (
            <Stack spacing={1}>
              <Icon color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
              <Typography variant="h3">{title}</Typography>
              <Typography>{desc}</Typography>
            </Stack>
          );
        }}
      />
    </HomeSection>
  );
}
