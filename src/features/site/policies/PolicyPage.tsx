import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeading } from '@/components/PageHeading';
import { policies, policyConstants, type Policy } from '@/content/policies';
import { messages } from '../messages';

export type PolicyKey =
  | 'terms_and_conditions'
  | 'payment_policy'
  | 'privacy'
  | 'cookies'
  | 'refund'
  | 'intellectual_property';

const texts: Record<PolicyKey, Policy> = policies;

/** One of the six static policy pages. */
export function PolicyPage({ policy }: { policy: PolicyKey }) {
  const { title, summary, sections } = texts[policy];
  return (
    <PageHeading title={title}>
      <Box sx={{ maxWidth: '75ch' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {messages.effectiveDate(policyConstants.effectiveDate)}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, mb: 2 }}>
          {summary}
        </Typography>
        {sections.map((section) => (
          <Box component="section" key={section.heading} sx={{ mt: 4 }}>
            <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1.5 }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5 }}>
                {paragraph}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    </PageHeading>
  );
}
