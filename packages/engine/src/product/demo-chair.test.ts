import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSession } from '../product-session/product-session';
import { loadDemoModel, screenOption, walkRandomSessions } from '../testing/demo';
import { compileModel } from './product-compile';

const compiled = compileModel(loadDemoModel('office-chair.json'));

describe('office chair demo model', () => {
  it('compiles completely and starts from the defaults as explicit choices', () => {
    expect(compiled.guarantee).toBe('complete');
    const session = createSession(compiled);
    expect(session.choices().map((choice) => choice.optionId)).toEqual([
      'armrests',
      'lumbar',
      'headrest',
      'cylinder',
      'embroidery',
      'Quantity',
    ]);
    expect(session.state().OptionToFocus).toBe('series');
  });

  it('shows the chosen colour: each series in each colour has an image of its own, and the file is there', () => {
    const images = new Set<string>();
    for (const series of ['task', 'executive', 'drafting']) {
      const session = createSession(compiled, { choices: [] });
      session.select('series', series);
      expect(session.state().ImageUrl).toBe(`/models/images/chair-${series}.svg`);
      for (const color of ['black', 'grey', 'blue', 'tan']) {
        session.select('color', color);
        const url = session.state().ImageUrl;
        expect(url).toBe(`/models/images/chair-${series}-${color}.svg`);
        expect(existsSync(new URL(`../../../..${url}`, import.meta.url)), url).toBe(true);
        images.add(url);
      }
    }
    expect(images.size).toBe(12);
  });

  it('offers leather in black and tan only, and keeps executive chairs out of mesh', () => {
    const session = createSession(compiled);
    session.select('upholstery', 'leather');
    expect(session.validValues('color')).toEqual(['black', 'tan']);
    session.clear('upholstery');
    session.select('series', 'executive');
    expect(session.validValues('upholstery')).toEqual(['fabric', 'leather']);
    expect(session.validValues('armrests')).toEqual(['fixed', 'adj2d', 'adj4d']);
  });

  it('moves the seat-height range with the gas lift, and a high seat rules out carpet casters', () => {
    const session = createSession(compiled, { choices: [] });
    expect(screenOption(session, 'seatHeight').Ranges).toEqual({ Increment: 0.5, Min: 40, Max: 80 });
    session.select('series', 'drafting');
    expect(session.valueOf('cylinder')).toBe('tall');
    expect(screenOption(session, 'seatHeight').Ranges).toEqual({ Increment: 0.5, Min: 55, Max: 80 });
    expect(session.validValues('headrest')).toEqual(['False']);
    session.select('seatHeight', 72.5);
    expect(session.validValues('casters')).toEqual(['hard', 'glides']);
    expect(session.state().Details).toContainEqual({ Caption: 'Seat height', Value: '72.5 cm', Type: 0 });
  });

  it('prices volume by the Quantity option’s breaks and the dealer discount by the co_type param', () => {
    const session = createSession(compiled);
    session.select('series', 'task');
    session.select('upholstery', 'mesh');
    session.select('color', 'black');
    session.select('casters', 'carpet');
    expect(session.state().ConfiguredPriceCents).toBe(29900);
    session.select('Quantity', 10);
    expect(session.state().ConfiguredPriceCents).toBe(29900 - 2990);
    session.select('Quantity', 60);
    expect(session.state().ConfiguredPriceCents).toBe(29900 - 4485);
    session.select('Quantity', 250);
    expect(session.state().ConfiguredPriceCents).toBe(29900 - 5980);
    expect(session.state().Messages[0]?.Type).toBe('Critical');
    const dealer = createSession(compiled, {
      params: [{ Name: 'co_type', SimpleValue: 'dealer', IsNull: false, Type: 0 }],
    });
    for (const choice of session.choices()) dealer.select(choice.optionId, choice.value);
    expect(dealer.state().ConfiguredPriceCents).toBe(29900 - 5980 - 5000);
  });

  it('asks for the embroidery text only when a logo is embroidered, and warns about tan leather', () => {
    const session = createSession(compiled);
    for (const [id, value] of [
      ['series', 'executive'],
      ['upholstery', 'leather'],
      ['color', 'tan'],
      ['casters', 'hard'],
    ] as const) {
      session.select(id, value);
    }
    expect(session.state().IsExecutionComplete).toBe(true);
    expect(session.state().Messages).toEqual([
      { Type: 'Warning', Value: 'Tan leather is made to order and ships in 6 weeks.' },
    ]);
    expect(screenOption(session, 'logoText').IsVisible).toBe(false);
    session.select('embroidery', true);
    expect(session.state()).toMatchObject({ IsExecutionComplete: false, OptionToFocus: 'logoText' });
    session.select('logoText', 'ACME');
    expect(session.state()).toMatchObject({ IsExecutionComplete: true, PartNumber: 'EL-EXECUTIVE-LEATHER-TAN' });
    expect(session.state().Details).toContainEqual({ Caption: 'Logo', Value: 'ACME', Type: 0 });
  });

  it('never leads into a dead end in 300 random sessions with numbers', () => {
    walkRandomSessions(compiled, 300, 2);
  });
});
