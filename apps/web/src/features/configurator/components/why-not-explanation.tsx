import type { TChoiceChange, TExplainResult } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { describeChange, smallestChangeSentence } from '../logic/why-not-text';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const listSx = { m: 0, pl: 2.5, '& li': { py: 0.25 } } as const;

/** The explanation of a disabled value: the choices in the way, the rules involved and the smallest change. */
export function WhyNotExplanation({ explain }: { explain: TExplainResult }) {
  if (explain.isEnabled) {
    return (
      <Alert severity="success">{`${explain.valueCaption} is available now: choose it in ${explain.optionCaption}.`}</Alert>
    );
  }
  if (!explain.canBeEnabled) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">
          {`${explain.valueCaption} is never available for this product, whatever else you choose.`}
        </Alert>
        {explain.constraints.length > 0 && <RuleList explain={explain} />}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography>{explain.summary}</Typography>
      {explain.conflict.length > 0 && (
        <Section title="Your choices that exclude it">
          <Box component="ul" sx={listSx}>
            {explain.conflict.map((item) => (
              <li key={item.optionId}>
                <strong>{item.optionCaption}</strong>: {item.valueCaption || item.value}
              </li>
            ))}
          </Box>
        </Section>
      )}
      {explain.constraints.length > 0 && <RuleList explain={explain} />}
      {explain.ranges.length > 0 && (
        <Section title={`Allowed with ${explain.valueCaption}`}>
          <Box component="ul" sx={listSx}>
            {explain.ranges.map((range) => (
              <li key={range.optionId}>{range.text}</li>
            ))}
          </Box>
        </Section>
      )}
      <Section title="Smallest change">
        <Typography sx={{ fontWeight: 600 }}>{smallestChangeSentence(explain)}</Typography>
      </Section>
    </Stack>
  );
}

function RuleList({ explain }: { explain: TExplainResult }) {
  return (
    <Section title="Rules involved">
      <Box component="ul" sx={listSx}>
        {explain.constraints.map((rule) => (
          <li key={rule.id}>{rule.description || rule.id}</li>
        ))}
      </Box>
    </Section>
  );
}

/** What a forced choice changed, after the one-click change was applied. */
export function AppliedChanges({ valueCaption, changed }: { valueCaption: string; changed: TChoiceChange[] }) {
  return (
    <Alert severity="success" role="status">
      <Typography sx={{ fontWeight: 600 }}>{`${valueCaption} is now chosen.`}</Typography>
      {changed.length > 0 ? (
        <>
          <Typography variant="body2">What changed:</Typography>
          <Box component="ul" sx={listSx}>
            {changed.map((change) => (
              <li key={change.optionId}>{describeChange(change)}</li>
            ))}
          </Box>
        </>
      ) : (
        <Typography variant="body2">No other choice had to change.</Typography>
      )}
    </Alert>
  );
}
