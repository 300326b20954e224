import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { smallestChangeSentence, valueName } from '../logic/why-not-text';
import { makeExplain } from '../test/fixtures';
import { AppliedChanges, WhyNotExplanation } from './why-not-explanation';

afterEach(cleanup);

describe('WhyNotExplanation', () => {
  it('names the choices in the way, the rules and the smallest change', () => {
    renderWithApp(<WhyNotExplanation explain={makeExplain()} />);
    expect(screen.getByText('Steel is not available because Finish is Walnut.')).toBeTruthy();
    const choices = screen.getByRole('region', { name: 'Your choices that exclude it' });
    expect(choices.textContent).toContain('Finish: Walnut');
    expect(screen.getByRole('region', { name: 'Rules involved' }).textContent).toContain(
      'Steel frames take painted finishes only',
    );
    expect(screen.getByRole('region', { name: 'Smallest change' }).textContent).toBe(
      'Smallest changeChoose Steel instead: changes Finish from Walnut to Black',
    );
  });

  it('shows a number range in words and the closest number allowed as the change', () => {
    const width = 'Clear opening width (mm)';
    const explain = makeExplain({
      valueCaption: 'Manual (chain hoist)',
      conflict: [{ optionId: 'width', optionCaption: width, value: '4000', valueCaption: '4,000' }],
      constraints: [{ id: 'width.range.max', description: 'The widest door an opener lifts: manual 3,500 mm' }],
      changes: [
        { optionId: 'width', optionCaption: width, from: '4000', fromCaption: '4,000', to: '3500', toCaption: '3,500' },
      ],
      ranges: [
        {
          optionId: 'width',
          optionCaption: width,
          min: 1500,
          max: 3500,
          text: `${width} must be between 1,500 and 3,500`,
        },
      ],
    });
    renderWithApp(<WhyNotExplanation explain={explain} />);
    expect(screen.getByRole('region', { name: 'Rules involved' }).textContent).toContain(
      'The widest door an opener lifts: manual 3,500 mm',
    );
    expect(screen.getByRole('region', { name: 'Allowed with Manual (chain hoist)' }).textContent).toContain(
      `${width} must be between 1,500 and 3,500`,
    );
    const change = screen.getByRole('region', { name: 'Smallest change' }).textContent ?? '';
    expect(change).toContain(`changes ${width} from 4,000 to 3,500`);
    expect(change).not.toMatch(/\[|range\.max/);
  });

  it('says when the value is never available', () => {
    renderWithApp(<WhyNotExplanation explain={makeExplain({ canBeEnabled: false, changes: [] })} />);
    expect(screen.getByText('Steel is never available for this product, whatever else you choose.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Smallest change' })).toBeNull();
  });

  it('lists what a forced choice changed', () => {
    renderWithApp(<AppliedChanges valueCaption="Steel" changed={makeExplain().changes} />);
    expect(screen.getByRole('status').textContent).toContain('Finish from Walnut to Black');
  });
});

describe('smallestChangeSentence', () => {
  it('joins several changes and words cleared and new choices', () => {
    const explain = makeExplain({
      changes: [
        { optionId: 'a', optionCaption: 'Finish', from: 'w', fromCaption: 'Walnut', to: 'b', toCaption: 'Black' },
        { optionId: 'b', optionCaption: 'Handle', from: 'h', fromCaption: 'Brass', to: '', toCaption: '' },
        { optionId: 'c', optionCaption: 'Coat', from: '', fromCaption: '', to: 'm', toCaption: 'Matt' },
      ],
    });
    expect(smallestChangeSentence(explain)).toBe(
      'Choose Steel instead: changes Finish from Walnut to Black, clears Handle (Brass) and sets Coat to Matt',
    );
  });

  it('names checkbox values by their box', () => {
    const headrest = { Caption: 'Headrest', DisplayType: 'checkbox' } as const;
    expect(valueName(headrest, { Caption: 'True' })).toBe('Headrest: Yes');
    expect(valueName(headrest, { Caption: 'No' })).toBe('Headrest: No');
    expect(valueName({ Caption: 'Frame', DisplayType: 'dropdown' }, { Caption: 'Steel' })).toBe('Steel');
  });
});
