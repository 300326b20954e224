import { describe, expect, it } from 'vitest';
import { DisabledValueError } from '../model/errors';
import { createSession } from '../product-session/product-session';
import { loadDemoModel, screenOption, walkRandomSessions } from '../testing/demo';
import { compileModel } from './product-compile';

const compiled = compileModel(loadDemoModel('bicycle.json'));

describe('bicycle demo model', () => {
  it('compiles completely; rider height is cut at every frame-size threshold', () => {
    expect(compiled.guarantee).toBe('complete');
    expect(compiled.stats.intervals.riderHeight).toBe(9);
    expect(compiled.coreParams).toEqual(['state']);
  });

  it('excludes rim brakes with a carbon frame, and says why', () => {
    const session = createSession(compiled);
    session.select('frame', 'carbon');
    expect(session.validValues('brakes')).toEqual(['mechdisc', 'hydrodisc']);
    expect(session.validValues('bikeType')).toEqual(['road', 'gravel']);
    expect(() => session.select('brakes', 'rim')).toThrow(DisabledValueError);
    expect(screenOption(session, 'brakes').ValidationMessage).toBe(
      'This value is not available with your other choices: Frame material = Carbon fibre',
    );
    expect(session.explain('brakes', 'rim')).toMatchObject({
      conflict: [{ optionId: 'frame', value: 'carbon' }],
      constraints: ['carbon-no-rim'],
    });
  });

  it('fits the frame size to the rider, and implies it when only one fits', () => {
    const session = createSession(compiled);
    session.select('riderHeight', 172);
    expect(session.validValues('frameSize')).toEqual(['M']);
    expect(screenOption(session, 'frameSize').Value).toBe('M');
    session.clear('riderHeight');
    session.select('frameSize', 'XS');
    expect(screenOption(session, 'riderHeight').Ranges).toEqual({ Increment: 1, Min: 145, Max: 159 });
    expect(() => session.select('riderHeight', 165)).toThrow('This field can be no larger than 159');
  });

  it('limits tyres under rim brakes, and refuses negative widths with the spec’s words', () => {
    const session = createSession(compiled);
    session.select('bikeType', 'gravel');
    expect(screenOption(session, 'tyreWidth').Ranges).toMatchObject({ Min: 23, Max: 50 });
    session.select('brakes', 'rim');
    expect(screenOption(session, 'tyreWidth').Ranges).toMatchObject({ Min: 23, Max: 28 });
    expect(() => session.select('tyreWidth', 35)).toThrow('This field can be no larger than 28');
    expect(() => session.select('tyreWidth', -3)).toThrow('Must be a positive number.');
    expect(session.state().Messages).toEqual([
      { Type: 'Warning', Value: 'Rim brakes lose power in mud; disc brakes are recommended for gravel.' },
    ]);
  });

  it('compiles a California variant in which lights are mandatory, and keeps both cached', () => {
    const california = createSession(compiled, { params: { state: 'CA' } });
    expect(california.validValues('lights')).toEqual(['True']);
    expect(california.choices().some((choice) => choice.optionId === 'lights')).toBe(false);
    expect(createSession(compiled, { params: { state: 'NY' } }).validValues('lights')).toEqual(['False', 'True']);
    expect(compiled.variant({ state: 'CA' })).toBe(california.variant);
  });

  it('shows the city kit only for city bikes and does not price hidden choices', () => {
    const session = createSession(compiled);
    session.select('bikeType', 'gravel');
    session.select('fenders', 'True');
    expect(session.state().Pages[2]).toMatchObject({ Caption: 'City kit', IsVisible: false });
    expect(session.state().ConfiguredPriceCents).toBe(99900);
    session.select('bikeType', 'city');
    expect(session.state().ConfiguredPriceCents).toBe(64900 + 4500);
    expect(() => session.select('bikeType', 'road')).toThrow(DisabledValueError);
  });

  it('builds the part number, description and dealer price from choices and params', () => {
    const choices = [
      { optionId: 'bikeType', value: 'road' },
      { optionId: 'frame', value: 'carbon' },
      { optionId: 'riderHeight', value: '183' },
      { optionId: 'frameSize', value: 'L' },
      { optionId: 'groupset', value: 'pro' },
      { optionId: 'wheels', value: 'carbon' },
      { optionId: 'tyreWidth', value: '28' },
    ];
    const session = createSession(compiled, { choices, params: { co_type: 'dealer' } });
    const state = session.state();
    expect(state).toMatchObject({
      PartNumber: 'ATL-ROAD-CARBON-L-PRO',
      Description: 'Atlas Road bicycle, Carbon fibre frame size L (57 cm), Pro electronic 2x12, Hydraulic disc',
      IsExecutionComplete: true,
      ImageUrl: '/models/images/bike-road.svg',
    });
    expect(state.ConfiguredPriceCents).toBe(89900 + 90000 + 145000 + 21000 + 85000 - 17980);
    expect(state.ConfiguredPrice).toBe(4129.2);
    expect(state.Messages).toEqual([
      { Type: 'Information', Value: 'Carbon frames come with a torque wrench and a lifetime crash-replacement offer.' },
    ]);
  });

  it('never leads into a dead end in 300 random sessions with numbers, with and without params', () => {
    walkRandomSessions(compiled, 150, 3);
    walkRandomSessions(compiled, 150, 4, { params: [{ Name: 'state', SimpleValue: 'CA', IsNull: false, Type: 0 }] });
  });
});
