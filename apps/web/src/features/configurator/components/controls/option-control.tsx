import type { TDisplayType } from '@cpq/contracts';
import Skeleton from '@mui/material/Skeleton';
import { type ComponentType, Suspense } from 'react';
import { lazyPart } from '../../../../ui/lazy-part';
import type { TControlProps } from './control-props';
import { NumericSliderControl, NumericTextControl } from './numeric-controls';
import { ImageCardsControl, RadioHorizontalControl } from './radio-controls';
import { CheckboxControl, TextControl } from './text-controls';

// The dropdowns bring TextField's select and Autocomplete (menus, popper): their code loads beside the first
// configure answer (the page preloads it), and a skeleton of a field holds their place if the answer comes first.
const loadSelectControls = () => import('./select-controls');
const SelectControl = lazyPart(() => loadSelectControls().then((m) => m.SelectControl));
const TypeableControl = lazyPart(() => loadSelectControls().then((m) => m.TypeableControl));

/** Starts loading the dropdown controls (the configurator page calls it as it opens). */
export const preloadSelectControls = (): void => {
  SelectControl.preload();
  TypeableControl.preload();
};

const ImageSelectControl = (props: TControlProps) => <SelectControl {...props} withImages />;
const TextAreaControl = (props: TControlProps) => <TextControl {...props} isMultiline />;

/** The control for each of the spec's ten display types. */
export const CONTROLS: Record<TDisplayType, ComponentType<TControlProps>> = {
  dropdown: SelectControl,
  typeabledropdown: TypeableControl,
  radiobuttonhorizontal: RadioHorizontalControl,
  imageandtexthorizontal: ImageCardsControl,
  imagedropdown: ImageSelectControl,
  numericcontrol: NumericSliderControl,
  numerictextbox: NumericTextControl,
  textbox: TextControl,
  textarea: TextAreaControl,
  checkbox: CheckboxControl,
};

/** Renders an option with the control its DisplayType asks for. */
export function OptionControl(props: TControlProps) {
  const Control = CONTROLS[props.option.DisplayType];
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
      <Control {...props} />
    </Suspense>
  );
}
