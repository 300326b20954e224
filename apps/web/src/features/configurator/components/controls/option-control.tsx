import type { TDisplayType } from '@cpq/contracts';
import type { ComponentType } from 'react';
import type { TControlProps } from './control-props';
import { NumericSliderControl, NumericTextControl } from './numeric-controls';
import { ImageCardsControl, RadioHorizontalControl } from './radio-controls';
import { SelectControl, TypeableControl } from './select-controls';
import { CheckboxControl, TextControl } from './text-controls';

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
  return <Control {...props} />;
}
