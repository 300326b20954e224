import { randomUUID } from 'node:crypto';
import {
  applyUiStateChanges,
  MSG,
  type TConfigureResult,
  type TConfigureWholeResult,
  type TExplainResult,
  type TFinishResult,
  type TProductView,
  type TQuote,
  type TStartResult,
  type TUiState,
  ZUiState,
} from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { findConfigurationRow } from '../configurations/configurations.repository';
import {
  createConfigurableProduct,
  demoModel,
  ROAD_BIKE,
  screenOption,
  startConfiguration,
} from './configurator.test-support';

let t: TTestApp;
let a: TPlatformActors;
let bicycle: TProductView;

/** A complete road bicycle: 899 + performance groupset 320 + mechanical discs 90 = $1,309.00. */

/** The one change that lets rim brakes on a carbon bicycle: the frame to aluminium. */
const CARBON_TO_ALU = {
  optionId: 'frame',
  optionCaption: 'Frame material',
  from: 'carbon',
  fromCaption: 'Carbon fibre',
  to: 'alu',
  toCaption: 'Aluminium',
};

const configure = (sessionId: string, id: string, value: unknown, token = a.token[1], force?: boolean) =>
  t.call('configurator/configure', { sessionId, id, value, ...(force === undefined ? {} : { force }) }, token);

async function select(
  sessionId: string,
  id: string,
  value: unknown,
  token = a.token[1],
): Promise<TConfigureWholeResult> {
  return resultOf<TConfigureWholeResult>(await configure(sessionId, id, value, token));
}

/** A started bicycle configuration with the given choices made; answers its id and last state. */
async function bikeWith(choices: [string, string | number][], token = a.token[1]) {
  const started = await startConfiguration(t, token, bicycle.ID);
  let ui = started.ui;
  for (const [id, value] of choices) ui = (await select(started.prepare.sessionId, id, value, token)).ui;
  return { sessionId: started.prepare.sessionId, ui };
}

async function storedChoices(id: string) {
  return (await findConfigurationRow(t.database.db, id))?.choices;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  bicycle = await createConfigurableProduct(t, a.token[5], demoModel('bicycle'));
});
afterAll(() => t.close());

describe('configurator/start', () => {
  it('starts a new configuration from the model’s defaults and stores it under the client’s GUID', async () => {
    const configurationId = randomUUID();
    const started = resultOf<TStartResult>(
      await t.call('configurator/start', { configurationId, productId: bicycle.ID }, a.token[1]),
    );
    expect(started.prepare).toMatchObject({
      sessionId: configurationId,
      productId: bicycle.ID,
      productName: 'Atlas Custom Bicycle',
      mode: 'Default',
      modelVersion: 1,
      isReconfigure: false,
      quoteId: null,
    });
    expect(started.initialize).toEqual({ replayed: 0, dropped: [], previousModelVersion: null });
    expect(started.ui.IsExecutionComplete).toBe(false);
    expect(started.ui.OptionToFocus).toBe('bikeType');
    expect(await storedChoices(configurationId)).toEqual([
      { optionId: 'lights', value: 'False' },
      { optionId: 'fenders', value: 'False' },
      { optionId: 'rack', value: 'none' },
    ]);
  });

  it('derives the mode from the product’s ruleset', async () => {
    const modes: [string | null, string][] = [
      ['Quote_Gen', 'Review'],
      ['SO_WriteUP', 'SOWriteup'],
      ['Other', 'Default'],
      [null, 'Default'],
    ];
    for (const [Ruleset, mode] of modes) {
      const product = await createConfigurableProduct(t, a.token[5], demoModel('bicycle'), { Ruleset });
      expect((await startConfiguration(t, a.token[1], product.ID)).prepare.mode).toBe(mode);
    }
  });

  it('passes the initial parameters to the engine and keeps them with the configuration', async () => {
    const state = { Name: 'state', SimpleValue: 'CA', IsNull: false, Type: 0 };
    const started = await startConfiguration(t, a.token[1], bicycle.ID, { integrationParams: [state] });
    // California: lights are required, so the engine implies them.
    expect(screenOption(started.ui, 'lights').Value).toBe('True');
    const reopened = resultOf<TStartResult>(
      await t.call('configurator/start', { configurationId: started.prepare.sessionId }, a.token[1]),
    );
    expect(screenOption(reopened.ui, 'lights').Value).toBe('True');
  });

  it('refuses fixed-price products, products without a model, and unknown ones', async () => {
    const create = async (input: Record<string, unknown>) =>
      resultOf<TProductView>(
        await t.call(
          'productManagement/createProduct',
          { input: { Name: 'X', ProductNumber: `X-${randomUUID().slice(0, 6)}`, ...input } },
          a.token[5],
        ),
      );
    const fixed = await create({ isNonConfigurable: true, defaultPrice: '10' });
    const bare = await create({ isNonConfigurable: false });
    const start = (productId: number) =>
      t.call('configurator/start', { configurationId: randomUUID(), productId }, a.token[1]);
    expectFieldError(await start(fixed.ID), 'productId', MSG.fixedPriceNotConfigurable);
    expectFieldError(await start(bare.ID), 'productId', MSG.productNotConfigurable);
    expectFailure(await start(999_999), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(
      await t.call('configurator/start', { configurationId: randomUUID() }, a.token[1]),
      'NOT_FOUND',
      MSG.configurationNotFound,
    );
  });

  it('does not start a product of another platform', async () => {
    const theirs = await createConfigurableProduct(t, a.otherAdmin, demoModel('bicycle'));
    const response = await t.call(
      'configurator/start',
      { configurationId: randomUUID(), productId: theirs.ID },
      a.token[5],
    );
    expectFailure(response, 'NOT_FOUND', MSG.notFound, 404);
  });

  it('reopens a saved configuration exactly as it was (replay)', async () => {
    const { sessionId, ui } = await bikeWith(ROAD_BIKE.slice(0, 5));
    const reopened = resultOf<TStartResult>(
      await t.call('configurator/start', { configurationId: sessionId }, a.token[1]),
    );
    expect(reopened.prepare.isReconfigure).toBe(true);
    expect(reopened.initialize).toEqual({ replayed: 8, dropped: [], previousModelVersion: null });
    expect(reopened.ui).toEqual(ui);
  });
});

describe('configurator/configure', () => {
  it('sets and clears options, answering the new state, and stores the choices', async () => {
    const { sessionId } = await bikeWith([]);
    const road = await select(sessionId, 'bikeType', 'road');
    expect(road.changed).toEqual([]);
    expect(screenOption(road.ui, 'bikeType').Value).toBe('road');
    expect(road.ui.ConfiguredPrice).toBe(899);
    const height = await select(sessionId, 'riderHeight', '178');
    expect(screenOption(height.ui, 'riderHeight').Value).toBe('178');
    const cleared = await select(sessionId, 'bikeType', null);
    expect(screenOption(cleared.ui, 'bikeType').Value).toBe('');
    expect((await storedChoices(sessionId))?.map((choice) => choice.optionId)).toEqual([
      'lights',
      'fenders',
      'rack',
      'riderHeight',
    ]);
  });

  it('accepts numbers as numbers or as text with thousands commas, and checkboxes as True/False', async () => {
    const door = await createConfigurableProduct(t, a.token[5], demoModel('industrial-door'));
    const { prepare } = await startConfiguration(t, a.token[1], door.ID);
    const width = await select(prepare.sessionId, 'width', '4,000');
    expect(screenOption(width.ui, 'width').Value).toBe('4000');
    const height = await select(prepare.sessionId, 'height', 3000);
    expect(screenOption(height.ui, 'height').Value).toBe('3000');
    const windows = await select(prepare.sessionId, 'windows', 'True');
    expect(screenOption(windows.ui, 'windows').Value).toBe('True');
    expect(screenOption((await select(prepare.sessionId, 'windows', false)).ui, 'windows').Value).toBe('False');
  });

  it.each([
    ['an unknown option', 'saddle', 'gel', 'id', 'This product has no option "saddle".'],
    ['a value not in the list', 'frame', 'titanium', 'value', '"titanium" is not a value of Frame material.'],
    ['a boolean for a list', 'frame', true, 'value', '"true" is not a value of Frame material.'],
    ['a word for a checkbox', 'lights', 'maybe', 'value', '"maybe" is not a value of Dynamo lights.'],
    ['text for a number', 'riderHeight', 'tall', 'value', 'Must be a number.'],
    ['a number above the range', 'riderHeight', 230, 'value', 'This field can be no larger than 205'],
    ['a number below the range', 'riderHeight', 100, 'value', 'This field can be no smaller than 145'],
    ['a number for a text', 'engraving', 42, 'value', 'Top tube engraving takes text.'],
  ])('refuses %s with a clear message and stores nothing', async (_name, id, value, path, message) => {
    const { sessionId } = await bikeWith([['bikeType', 'road']]);
    const before = await storedChoices(sessionId);
    expectFieldError(await configure(sessionId, id, value), path, message);
    expect(await storedChoices(sessionId)).toEqual(before);
  });

  it('refuses a disabled value with the engine’s reason and stores nothing', async () => {
    const { sessionId } = await bikeWith([['frame', 'carbon']]);
    const before = await storedChoices(sessionId);
    const response = await configure(sessionId, 'brakes', 'rim');
    expectFieldError(
      response,
      'value',
      'This value is not available with your other choices: Frame material = Carbon fibre',
    );
    expect(await storedChoices(sessionId)).toEqual(before);
  });

  it('refuses a number a selection-time bound rules out, naming the choice', async () => {
    const { sessionId } = await bikeWith([
      ['bikeType', 'gravel'],
      ['tyreWidth', 45],
    ]);
    const before = await storedChoices(sessionId);
    const response = await configure(sessionId, 'bikeType', 'road');
    expectFieldError(response, 'value', 'This value is not available with your other choices: Tyre width (mm) = 45');
    expect(await storedChoices(sessionId)).toEqual(before);
  });

  it('with force, applies the fewest changes and reports each changed choice with captions', async () => {
    const { sessionId } = await bikeWith([
      ['bikeType', 'road'],
      ['frame', 'carbon'],
    ]);
    const forced = resultOf<TConfigureWholeResult>(await configure(sessionId, 'brakes', 'rim', a.token[1], true));
    expect(screenOption(forced.ui, 'brakes').Value).toBe('rim');
    expect(forced.changed).toEqual([CARBON_TO_ALU]);
    const stored = await storedChoices(sessionId);
    expect(stored).toContainEqual({ optionId: 'brakes', value: 'rim' });
    expect(stored).toContainEqual({ optionId: 'frame', value: 'alu' });
  });

  it('answers NOT_FOUND for a configuration that does not exist', async () => {
    expectFailure(await configure(randomUUID(), 'frame', 'alu'), 'NOT_FOUND', MSG.configurationNotFound, 404);
  });
});

describe('configurator/explain', () => {
  it('says why a value is disabled and how to get it, in captions and one plain summary', async () => {
    const { sessionId } = await bikeWith([['frame', 'carbon']]);
    const result = resultOf<TExplainResult>(
      await t.call('configurator/explain', { sessionId, id: 'brakes', value: 'rim' }, a.token[1]),
    );
    expect(result).toEqual({
      optionId: 'brakes',
      optionCaption: 'Brakes',
      value: 'rim',
      valueCaption: 'Rim calipers',
      isEnabled: false,
      canBeEnabled: true,
      conflict: [{ optionId: 'frame', optionCaption: 'Frame material', value: 'carbon', valueCaption: 'Carbon fibre' }],
      constraints: [{ id: 'carbon-no-rim', description: 'A carbon frame takes disc brakes only' }],
      changes: [CARBON_TO_ALU],
      ranges: [],
      summary:
        'Rim calipers is not available because Frame material is Carbon fibre. Change Frame material from Carbon fibre to Aluminium to choose it.',
    });
  });

  it('explains a number range in words and narrows the number to the closest allowed, which force then sets', async () => {
    const door = await createConfigurableProduct(t, a.token[5], demoModel('industrial-door'));
    const { prepare } = await startConfiguration(t, a.token[1], door.ID);
    const { sessionId } = prepare;
    await select(sessionId, 'opener', 'standard');
    await select(sessionId, 'width', 4000);
    const result = resultOf<TExplainResult>(
      await t.call('configurator/explain', { sessionId, id: 'opener', value: 'manual' }, a.token[1]),
    );
    const width = 'Clear opening width (mm)';
    expect(result.conflict).toEqual([
      { optionId: 'width', optionCaption: width, value: '4000', valueCaption: '4,000' },
    ]);
    expect(result.constraints).toEqual([
      {
        id: 'width.range.max',
        description:
          'The widest door an opener lifts: manual 3,500 mm, standard motor 5,000 mm, heavy-duty motor 8,000 mm',
      },
    ]);
    expect(result.changes).toEqual([
      { optionId: 'width', optionCaption: width, from: '4000', fromCaption: '4,000', to: '3500', toCaption: '3,500' },
    ]);
    expect(result.ranges).toEqual([
      {
        optionId: 'width',
        optionCaption: width,
        min: 1500,
        max: 3500,
        text: `${width} must be between 1,500 and 3,500`,
      },
    ]);
    expect(result.summary).toBe(
      `Manual (chain hoist) is not available because ${width} is 4,000. With Manual (chain hoist), ${width} must be between 1,500 and 3,500. Change ${width} from 4,000 to 3,500 to choose it.`,
    );

    const forced = resultOf<TConfigureWholeResult>(await configure(sessionId, 'opener', 'manual', a.token[1], true));
    expect(screenOption(forced.ui, 'opener').Value).toBe('manual');
    expect(screenOption(forced.ui, 'width').Value).toBe('3500');
    expect(forced.changed).toContainEqual(result.changes[0]);
    expect(await storedChoices(sessionId)).toContainEqual({ optionId: 'width', value: '3500' });
  });

  it('names a range bound the model gives no words for by its option', async () => {
    const model = demoModel('industrial-door');
    const options = (model.options as { id: string; range?: object }[]).map((option) =>
      option.id === 'width' ? { ...option, range: { ...option.range, description: undefined } } : option,
    );
    const door = await createConfigurableProduct(t, a.token[5], { ...model, options });
    const { prepare } = await startConfiguration(t, a.token[1], door.ID);
    await select(prepare.sessionId, 'opener', 'standard');
    await select(prepare.sessionId, 'width', 4000);
    const result = resultOf<TExplainResult>(
      await t.call('configurator/explain', { sessionId: prepare.sessionId, id: 'opener', value: 'manual' }, a.token[1]),
    );
    expect(result.constraints).toEqual([
      {
        id: 'width.range.max',
        description: 'Clear opening width (mm) has a maximum that depends on your other choices',
      },
    ]);
  });

  it('names a rule without a description by the options it reads, not by its id', async () => {
    const model = demoModel('bicycle');
    const constraints = (model.constraints as { id: string; description?: string }[]).map((constraint) =>
      constraint.id === 'carbon-no-rim' ? { ...constraint, description: undefined } : constraint,
    );
    const bike = await createConfigurableProduct(t, a.token[5], { ...model, constraints });
    const { prepare } = await startConfiguration(t, a.token[1], bike.ID);
    await select(prepare.sessionId, 'frame', 'carbon');
    const result = resultOf<TExplainResult>(
      await t.call('configurator/explain', { sessionId: prepare.sessionId, id: 'brakes', value: 'rim' }, a.token[1]),
    );
    expect(result.constraints).toEqual([
      { id: 'carbon-no-rim', description: 'A rule of this product on Frame material and Brakes' },
    ]);
  });

  it('names a table by its description, as it names a rule', async () => {
    const { sessionId } = await bikeWith([['bikeType', 'city']]);
    const result = resultOf<TExplainResult>(
      await t.call('configurator/explain', { sessionId, id: 'frame', value: 'carbon' }, a.token[1]),
    );
    expect(result.constraints).toContainEqual({ id: 'frame-by-type', description: 'City bikes have no carbon frame' });
  });

  it('says when a value is available, and when no configuration has it', async () => {
    const { sessionId } = await bikeWith([]);
    const available = resultOf<TExplainResult>(
      await t.call('configurator/explain', { sessionId, id: 'frame', value: 'steel' }, a.token[1]),
    );
    expect(available).toMatchObject({ isEnabled: true, conflict: [], changes: [] });
    expect(available.summary).toBe('Chromoly steel is available with your current choices.');

    const product = await createConfigurableProduct(t, a.token[5], {
      ...demoModel('bicycle'),
      constraints: [{ kind: 'rule', id: 'no-steel', description: 'Steel is sold out', rule: "frame != 'steel'" }],
    });
    const { prepare } = await startConfiguration(t, a.token[1], product.ID);
    const dead = resultOf<TExplainResult>(
      await t.call('configurator/explain', { sessionId: prepare.sessionId, id: 'frame', value: 'steel' }, a.token[1]),
    );
    expect(dead.canBeEnabled).toBe(false);
    expect(dead.summary).toBe('Chromoly steel is not available in any configuration of this product.');
  });

  it('refuses unknown options and values', async () => {
    const { sessionId } = await bikeWith([]);
    const explain = (id: string, value: unknown) =>
      t.call('configurator/explain', { sessionId, id, value }, a.token[1]);
    expectFieldError(await explain('saddle', 'gel'), 'id');
    expectFieldError(await explain('frame', 'titanium'), 'value', '"titanium" is not a value of Frame material.');
    expectFieldError(await explain('frame', null), 'value');
  });
});

/** Completes a road bike and finishes it; answers the finish result and the last state. */
async function finishedBike(token = a.token[1], extra: Record<string, unknown> = {}) {
  const { sessionId, ui } = await bikeWith(ROAD_BIKE, token);
  const finished = resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId, ...extra }, token));
  return { sessionId, ui, finished };
}

const getQuote = async (id: number, token = a.token[1]) =>
  resultOf<TQuote>(await t.call('quoteManagement/getQuote', { id }, token));

describe('configurator/finish', () => {
  it('refuses an incomplete configuration and changes nothing', async () => {
    const { sessionId } = await bikeWith(ROAD_BIKE.slice(0, 3));
    expectFieldError(
      await t.call('configurator/finish', { sessionId }, a.token[1]),
      'sessionId',
      MSG.configurationIncomplete,
    );
    const [row] = await t.database.db.select().from(configurations).where(eq(configurations.id, sessionId));
    expect(row).toMatchObject({ quoteId: null, lineId: null, isComplete: false, partNumber: null });
  });

  it('creates a quote owned by the caller with a line at the engine’s price', async () => {
    const { finished, ui } = await finishedBike();
    expect(ui.IsExecutionComplete).toBe(true);
    expect(ui.ConfiguredPriceCents).toBe(130900);
    expect(finished).toMatchObject({ quoteType: 1, isNewQuote: true, isLineUpdated: false, price: 1309 });
    const quote = await getQuote(finished.quoteId);
    expect(quote).toMatchObject({
      type: 1,
      createdByEmail: a.username[1],
      lineCount: 1,
      totalCost: '1309.0000',
      pid: a.pid,
    });
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines?.[0]).toMatchObject({
      id: finished.lineId,
      price: '1309.0000',
      quantity: 1,
      partNumber: finished.partNumber,
      productId: bicycle.ID,
      quoteCreated: '1',
      isNonConfigurable: false,
      Details: ui.Details,
    });
  });

  it('makes a quote request (type 3) for a public user', async () => {
    const { finished } = await finishedBike(a.token[0]);
    expect(finished.quoteType).toBe(3);
    const quote = await getQuote(finished.quoteId, a.token[0]);
    expect(quote.type).toBe(3);
    expect(quote.lines?.[0]?.quoteCreated).toBe('0');
  });

  it('adds the line to a given quote and, on reconfigure, updates that line instead of adding one', async () => {
    const first = await finishedBike();
    const second = await finishedBike(a.token[1], { quoteId: first.finished.quoteId });
    expect(second.finished).toMatchObject({ quoteId: first.finished.quoteId, isNewQuote: false, isLineUpdated: false });
    expect((await getQuote(first.finished.quoteId)).lineCount).toBe(2);

    // Reconfigure the second: carbon wheels (+$850), finish again: same line, new price, totals recomputed.
    const reopened = resultOf<TStartResult>(
      await t.call('configurator/start', { configurationId: second.sessionId }, a.token[1]),
    );
    expect(reopened.prepare).toMatchObject({ isReconfigure: true, quoteId: first.finished.quoteId });
    await select(second.sessionId, 'wheels', 'carbon');
    const again = resultOf<TFinishResult>(
      await t.call('configurator/finish', { sessionId: second.sessionId }, a.token[1]),
    );
    expect(again).toMatchObject({
      lineId: second.finished.lineId,
      price: 2159,
      isNewQuote: false,
      isLineUpdated: true,
    });
    const quote = await getQuote(first.finished.quoteId);
    expect(quote.lines?.map((line) => [line.id, line.price])).toEqual([
      [first.finished.lineId, '1309.0000'],
      [second.finished.lineId, '2159.0000'],
    ]);
    expect(quote).toMatchObject({ lineCount: 2, totalCost: '3468.0000' });
    expect(quote.version).toBe(4);
  });

  it('multiplies the unit price by the quantity in the total', async () => {
    const { finished } = await finishedBike(a.token[1], { quantity: 3 });
    expect(await getQuote(finished.quoteId)).toMatchObject({ totalCost: '3927.0000', lineCount: 1 });
  });

  it('refuses a quote the caller may not add to', async () => {
    const theirs = await finishedBike(a.token[5]);
    const { sessionId } = await bikeWith(ROAD_BIKE);
    const response = await t.call('configurator/finish', { sessionId, quoteId: theirs.finished.quoteId }, a.token[1]);
    expectFailure(response, 'NOT_FOUND', MSG.notFound, 404);
  });
});

describe('a model version change', () => {
  it('drops a choice the new version no longer has, reports it, and fails nothing', async () => {
    const model = demoModel('bicycle');
    const product = await createConfigurableProduct(t, a.token[5], model);
    const { prepare } = await startConfiguration(t, a.token[1], product.ID);
    await select(prepare.sessionId, 'bikeType', 'road');
    await select(prepare.sessionId, 'frame', 'carbon');

    const options = (model.options as { id: string; values?: { value: string }[] }[]).map((option) =>
      option.id === 'frame'
        ? { ...option, values: option.values?.filter((value) => value.value !== 'carbon') }
        : option,
    );
    const withoutCarbon = {
      ...model,
      version: 2,
      options,
      constraints: (model.constraints as { id: string }[]).filter(
        (c) => !['carbon-no-rim', 'frame-by-type'].includes(c.id),
      ),
    };
    resultOf(await t.call('productManagement/saveModel', { productId: product.ID, model: withoutCarbon }, a.token[5]));

    const reopened = resultOf<TStartResult>(
      await t.call('configurator/start', { configurationId: prepare.sessionId }, a.token[1]),
    );
    expect(reopened.prepare.modelVersion).toBe(2);
    expect(reopened.initialize).toEqual({
      replayed: 4,
      dropped: [{ optionId: 'frame', value: 'carbon' }],
      previousModelVersion: 1,
    });
    expect(reopened.ui.Messages).toContainEqual({
      Type: 'Warning',
      Value: 'Your earlier choice Frame material = Carbon fibre is no longer available and was removed.',
    });
    expect(screenOption(reopened.ui, 'bikeType').Value).toBe('road');
    expect(await storedChoices(prepare.sessionId)).not.toContainEqual({ optionId: 'frame', value: 'carbon' });
    // The configuration now runs on version 2: the next step works.
    expect(screenOption((await select(prepare.sessionId, 'frame', 'steel')).ui, 'frame').Value).toBe('steel');
  });
});

describe('configurator/getConfigurations', () => {
  it('lists the caller’s own configurations, newest first, paged (incomplete ones when asked for)', async () => {
    const user = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await startConfiguration(t, user.token, bicycle.ID)).prepare.sessionId);
    type TPage = { rows: { id: string; productName: string; username: string }[]; count: number };
    const page = resultOf<TPage>(
      await t.call('configurator/getConfigurations', { limit: 2, includeIncomplete: true }, user.token),
    );
    expect(page.count).toBe(3);
    expect(page.rows.map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(page.rows[0]).toMatchObject({ productName: 'Atlas Custom Bicycle', username: user.user.username });

    // Someone else's: FORBIDDEN for levels 0 and 1, visible to the platform's administrator, not to another's.
    const byName = { username: user.user.username, includeIncomplete: true };
    expectFailure(await t.call('configurator/getConfigurations', byName, a.token[1]), 'FORBIDDEN');
    expect(resultOf<TPage>(await t.call('configurator/getConfigurations', byName, a.token[5])).count).toBe(3);
    expect(resultOf<TPage>(await t.call('configurator/getConfigurations', byName, a.token[9])).count).toBe(3);
    expect(resultOf<TPage>(await t.call('configurator/getConfigurations', byName, a.otherAdmin)).count).toBe(0);
  });
});

describe('access to configurations', () => {
  it('keeps levels 0 and 1 to their own, administrators to their platform (404 otherwise)', async () => {
    const { sessionId } = await bikeWith([['bikeType', 'road']], a.token[1]);
    const calls = (token: string) => [
      t.call('configurator/start', { configurationId: sessionId }, token),
      configure(sessionId, 'frame', 'alu', token),
      t.call('configurator/explain', { sessionId, id: 'frame', value: 'alu' }, token),
      t.call('configurator/finish', { sessionId }, token),
    ];
    for (const token of [a.token[0], a.otherAdmin]) {
      for (const response of await Promise.all(calls(token))) {
        expectFailure(response, 'NOT_FOUND', MSG.configurationNotFound, 404);
      }
    }
    for (const token of [a.token[5], a.token[9]]) {
      resultOf(await t.call('configurator/start', { configurationId: sessionId }, token));
      resultOf(await configure(sessionId, 'frame', 'alu', token));
    }
  });
});

describe('engine states', () => {
  it('is the contract’s ZUiState for every state the routes answer', async () => {
    const { ui } = await bikeWith(ROAD_BIKE);
    expect(ZUiState.parse(ui) satisfies TUiState).toEqual(ui);
  });
});

describe('sessions kept in the process', () => {
  /** What another server instance does: writes the configuration's choices straight to the table. */
  async function writeElsewhere(sessionId: string, choices: { optionId: string; value: string }[]) {
    await t.database.db.update(configurations).set({ choices }).where(eq(configurations.id, sessionId));
  }

  it('continue from the table when another instance changed the configuration meanwhile', async () => {
    const { sessionId } = await bikeWith([['bikeType', 'road']]);
    const stored = (await storedChoices(sessionId)) ?? [];
    await writeElsewhere(sessionId, [...stored, { optionId: 'frame', value: 'steel' }]);
    const next = await select(sessionId, 'groupset', 'mid');
    expect(screenOption(next.ui, 'frame').Value).toBe('steel');
    expect(await storedChoices(sessionId)).toEqual([
      ...stored,
      { optionId: 'frame', value: 'steel' },
      { optionId: 'groupset', value: 'mid' },
    ]);
  });

  it('answer a value on the configuration as the table holds it, not as the process last saw it', async () => {
    const { sessionId } = await bikeWith([
      ['bikeType', 'road'],
      ['frame', 'carbon'],
    ]);
    const withCarbon = (await storedChoices(sessionId)) ?? [];
    const withoutCarbon = withCarbon.filter((choice) => choice.optionId !== 'frame');
    // The kept session has a carbon frame and would refuse rim brakes; the table no longer has it.
    await writeElsewhere(sessionId, withoutCarbon);
    expect(screenOption((await select(sessionId, 'brakes', 'rim')).ui, 'brakes').Value).toBe('rim');
    // The kept session would accept rim brakes; the table has a carbon frame again, which refuses them.
    await writeElsewhere(sessionId, withCarbon);
    expectFieldError(
      await configure(sessionId, 'brakes', 'rim'),
      'value',
      'This value is not available with your other choices: Frame material = Carbon fibre',
    );
    expect(await storedChoices(sessionId)).toEqual(withCarbon);
  });

  it('explain a value on the configuration as the table holds it, not as the process last saw it', async () => {
    const { sessionId } = await bikeWith([
      ['bikeType', 'road'],
      ['frame', 'carbon'],
    ]);
    const explainRim = async () =>
      resultOf<TExplainResult>(
        await t.call('configurator/explain', { sessionId, id: 'brakes', value: 'rim' }, a.token[1]),
      );
    expect(await explainRim()).toMatchObject({ isEnabled: false, conflict: [{ optionId: 'frame' }] });
    const withCarbon = (await storedChoices(sessionId)) ?? [];
    // The kept session has a carbon frame, which excludes rim brakes; the table no longer has it.
    await writeElsewhere(
      sessionId,
      withCarbon.filter((choice) => choice.optionId !== 'frame'),
    );
    expect(await explainRim()).toMatchObject({ isEnabled: true, conflict: [] });
    // The next step continues from the table's choices too.
    const next = await select(sessionId, 'brakes', 'rim');
    expect(screenOption(next.ui, 'frame').Value).toBe('');
  });

  it('answer the same state as a replay of the stored choices', async () => {
    const { sessionId, ui } = await bikeWith(ROAD_BIKE.slice(0, 6));
    const reopened = resultOf<TStartResult>(
      await t.call('configurator/start', { configurationId: sessionId }, a.token[1]),
    );
    expect(reopened.ui).toEqual(ui);
  });
});

describe('configure answers as the changes from the state the client shows', () => {
  const step = async (sessionId: string, id: string, value: unknown, basedOn: number) =>
    resultOf<TConfigureResult>(await t.call('configurator/configure', { sessionId, id, value, basedOn }, a.token[1]));
  const reopen = async (sessionId: string) =>
    resultOf<TStartResult>(await t.call('configurator/start', { configurationId: sessionId }, a.token[1]));
  const optionCount = (ui: TUiState) =>
    new Set(ui.Pages.flatMap((page) => page.Screens.flatMap((screen) => screen.ScreenOptions.map((o) => o.ID)))).size;

  it('carry only the options a step changed, and make of the shown state the state a replay shows', async () => {
    const started = await startConfiguration(t, a.token[1], bicycle.ID);
    const sessionId = started.prepare.sessionId;
    let { ui, revision } = started;
    for (const [id, value] of ROAD_BIKE) {
      const answer = await step(sessionId, id, value, revision);
      if (!('changes' in answer)) throw new Error(`The step of ${id} answered the whole state`);
      expect(answer.changes.ScreenOptions.map((option) => option.ID)).toContain(id);
      expect(answer.changes.ScreenOptions.length).toBeLessThan(optionCount(ui));
      expect(answer.revision).toBeGreaterThan(revision);
      ui = applyUiStateChanges(ui, answer.changes);
      revision = answer.revision;
    }
    expect(ui.ConfiguredPrice).toBe(1309);
    const reopened = await reopen(sessionId);
    expect(reopened.revision).toBe(revision);
    expect(ui).toEqual(reopened.ui);
  });

  it('answer the whole state to a client that shows an older revision (another tab made a step meanwhile)', async () => {
    const started = await startConfiguration(t, a.token[1], bicycle.ID);
    const sessionId = started.prepare.sessionId;
    expect(await step(sessionId, 'bikeType', 'road', started.revision)).toHaveProperty('changes');
    const fromOldTab = await step(sessionId, 'frame', 'alu', started.revision);
    if (!('ui' in fromOldTab)) throw new Error('Changes from a state the server no longer has');
    expect(screenOption(fromOldTab.ui, 'bikeType').Value).toBe('road');
    expect(fromOldTab.ui).toEqual((await reopen(sessionId)).ui);
  });

  it('answer the whole state when another instance changed the configuration in the table meanwhile', async () => {
    const started = await startConfiguration(t, a.token[1], bicycle.ID);
    const sessionId = started.prepare.sessionId;
    const road = await step(sessionId, 'bikeType', 'road', started.revision);
    const stored = (await storedChoices(sessionId)) ?? [];
    await t.database.db
      .update(configurations)
      .set({ choices: [...stored, { optionId: 'frame', value: 'steel' }] })
      .where(eq(configurations.id, sessionId));
    const next = await step(sessionId, 'groupset', 'mid', road.revision);
    if (!('ui' in next)) throw new Error('Changes from a state the table no longer holds');
    expect(screenOption(next.ui, 'frame').Value).toBe('steel');
    expect(next.ui).toEqual((await reopen(sessionId)).ui);
  });
});
