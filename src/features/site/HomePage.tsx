import { HydratedLater } from '@/components/HydratedLater';
import { useDocumentTitle } from '@/components/PageHeading';
import { BenefitsSection } from './home/BenefitsSection';
import { HeroSection } from './home/HeroSection';
import { LanguageTilesSection } from './home/LanguageTilesSection';
import { PopularCoursesSection } from './home/PopularCoursesSection';
import { RecentBlogSection } from './home/RecentBlogSection';
import { StatsStrip } from './home/StatsStrip';
import { TestimonialsSection } from './home/TestimonialsSection';
import { messages } from './messages';

/** The home page (spec section 2.3). */
export function HomePage() {
  useDocumentTitle(messages.homeTitle);
  return (
    <>
      <HeroSection />
      {/* Below the hero, hydrated in three more passes. */}
      <HydratedLater>
        <PopularCoursesSection />
        <TestimonialsSection />
        <StatsStrip />
        <HydratedLater>
          <BenefitsSection />
          <RecentBlogSection />
          <HydratedLater>
            <LanguageTilesSection />
          </HydratedLater>
        </HydratedLater>
      </HydratedLater>
    </>
  );
}
