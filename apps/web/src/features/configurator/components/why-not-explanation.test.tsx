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
