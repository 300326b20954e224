import { describe, expect, it } from 'vitest';
import { parseModel } from '../model/model-validation';
import { loadDemoModel } from '../testing/demo';
import { replayConfigurations } from './replay';

const bicycle = () => structuredClone(loadDemoModel('bicycle.json'));

describe('replayConfigurations', () => {
  const sold = {
    choices: {
      bikeType: 'road',
      frame: 'steel',
      riderHeight: 172,
      frameSize: 'M',
      groupset: 'mid',
      brakes: 'rim',
      tyreWidth: 25,
    },
  };

  it('keeps a configuration the model still allows', () => {
    expect(replayConfigurations(parseModel(bicycle()), [sold])).toEqual([{ isValid: true, changes: [] }]);
  });

  it('names the fewest changes when a new rule forbids a past sale', () => {
    const model = bicycle();
    model.constraints.push({ kind: 'rule', id: 'no-steel-rim', rule: "frame = 'steel' implies brakes != 'rim'" });
    const [result] = replayConfigurations(parseModel(model), [sold]);
    expect(result?.isValid).toBe(false);
    expect(result?.changes).toHaveLength(1);
    expect(['frame', 'brakes']).toContain(result?.changes[0]?.option);
  });

  it('changes a value the model no longer has', () => {
    const model = bicycle();
    const frame = model.options.find((o) => o.id === 'frame');
    if (frame) frame.values = frame.values?.filter((v) => v.value !== 'steel');
    const [result] = replayConfigurations(parseModel(model), [sold]);
    expect(result?.changes.map((c) => [c.option, c.from])).toEqual([['frame', 'steel']]);
    expect(result?.changes[0]?.to).not.toBe('');
  });
});
