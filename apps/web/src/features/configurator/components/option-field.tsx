import type { TUiScreenOption, TUiSelectableValue } from '@cpq/contracts';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { valueName } from '../logic/why-not-text';
import type { TControlProps } from './controls/control-props';
import { listedValues } from './controls/control-props';
import { OptionControl } from './controls/option-control';

/** The accessible name of a value's why-not button. */
export const whyNotLabel = (name: string): string => `Why is ${name} not available?`;

/** The DOM id of an option's input, and the attribute focus moves by. */
export const optionInputId = (option: Pick<TUiScreenOption, 'ID'>): string => `cfg-option-${option.ID}`;

type TOptionFieldProps = Omit<TControlProps, 'inputId'> & {
  onWhyNot: (option: TUiScreenOption, value: TUiSelectableValue) => void;
};

/** Links to what the engine says about an option: its tooltip and its information page. */
function OptionHelp({ option }: { option: TUiScreenOption }) {
  if (!option.Tooltip && !option.InformationLink) return null;
  return (
    <Box sx={{ display: 'flex', flexShrink: 0, pt: 1 }}>
      {option.Tooltip && (
        <Tooltip title={option.Tooltip} enterTouchDelay={0} describeChild>
          <IconButton size="small" aria-label={`About ${option.Caption}`}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {option.InformationLink && (
        <IconButton
          size="small"
          component="a"
          href={option.InformationLink}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`More information about ${option.Caption} (opens in a new tab)`}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/** The values that cannot be chosen now, each with a button that explains why. */
function WhyNotLinks({ option, onWhyNot }: Pick<TOptionFieldProps, 'option' | 'onWhyNot'>) {
  const unavailable = listedValues(option).filter((value) => !value.IsEnabled);
  if (unavailable.length === 0 || !option.IsEnabled) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, mt: 0.5 }}>
      <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
        Not available now:
      </Typography>
      {unavailable.map((value) => (
        <Button
          key={value.Value}
          size="small"
          variant="text"
          startIcon={<HelpOutlineIcon fontSize="small" />}
          onClick={() => onWhyNot(option, value)}
          aria-label={whyNotLabel(valueName(option, value))}
          aria-haspopup="dialog"
          sx={{ px: 1, minHeight: 32, fontWeight: 600 }}
        >
          {valueName(option, value)}
        </Button>
      ))}
    </Box>
  );
}

/** One option: its control by display type, help links beside it, and the why-not buttons beneath. */
export function OptionField({ onWhyNot, ...props }: TOptionFieldProps) {
  const { option } = props;
  return (
    <Box data-option-id={option.ID} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <OptionControl {...props} inputId={optionInputId(option)} />
        </Box>
        <OptionHelp option={option} />
      </Box>
      <WhyNotLinks option={option} onWhyNot={onWhyNot} />
    </Box>
  );
}
