/**
 * The records of the Salesforce stand-in and Salesforce's rules for them that the adapter meets: required fields,
 * unknown and read-only fields (INVALID_FIELD...), unique external ids (DUPLICATE_VALUE), OpportunityId set once and
 * pointing at an opportunity, auto-numbered QuoteNumber, and the one SOQL shape the adapter sends
 * (`SELECT a, b FROM Type [WHERE Field = 'text'] [LIMIT n]`). Answers are Salesforce's JSON shapes.
 */
export type TSObjectType = 'Opportunity' | 'Quote';
export type TSObjectValue = string | number | boolean | null;
export type TSObjectRecord = { Id: string } & Record<string, TSObjectValue>;
/** An HTTP status and a JSON body (absent for 204). */
export type TAnswer = { status: number; body?: unknown };

type TSObjectRules = {
  idPrefix: string;
  required: string[];
  writable: string[];
  /** Writable on create only. */
  createOnly: string[];
  unique: string[];
};

const RULES: Record<TSObjectType, TSObjectRules> = {
  Opportunity: {
    idPrefix: '006',
    required: ['Name', 'StageName', 'CloseDate'],
    writable: ['Name', 'StageName', 'CloseDate', 'AccountId', 'Description', 'OpenCpqRef__c'],
    createOnly: [],
    unique: ['OpenCpqRef__c'],
  },
  Quote: {
    idPrefix: '0Q0',
    required: ['Name', 'OpportunityId'],
    writable: [
      ...['Name', 'OpportunityId', 'Email', 'Phone', 'Fax', 'Description', 'OpenCpqQuoteId__c', 'BillingName'],
      ...['BillingStreet', 'BillingCity', 'BillingState', 'BillingPostalCode', 'BillingCountry'],
    ],
    createOnly: ['OpportunityId'],
    unique: ['OpenCpqQuoteId__c'],
  },
};
const READ_ONLY = ['Id', 'QuoteNumber', 'CreatedDate', 'LastModifiedDate'];

export const isSObjectType = (type: string): type is TSObjectType => Object.hasOwn(RULES, type);

/** Salesforce's error array. */
export const sfError = (status: number, errorCode: string, message: string, fields: string[] = []): TAnswer => ({
  status,
  body: [{ message, errorCode, fields }],
});

export const recordUrl = (version: string, type: string, id: string) =>
  `/services/data/v${version}/sobjects/${type}/${id}`;

/** The stand-in's records and counters, per sObject type. */
export function createStore() {
  const records = { Opportunity: new Map<string, TSObjectRecord>(), Quote: new Map<string, TSObjectRecord>() };
  const created = { Opportunity: 0, Quote: 0 };
  const updated = { Opportunity: 0, Quote: 0 };
  let lastId = 0;
  let lastQuoteNumber = 0;

  /** The first broken rule of a create or an update, or null. */
  function refusal(type: TSObjectType, fields: Record<string, unknown>, selfId: string | null): TAnswer | null {
    const rules = RULES[type];
    for (const [name, value] of Object.entries(fields)) {
      if (READ_ONLY.includes(name) || (selfId && rules.createOnly.includes(name))) {
        const message = `Unable to create/update fields: ${name}. Please check the security settings of this field.`;
        return sfError(400, 'INVALID_FIELD_FOR_INSERT_UPDATE', message, [name]);
      }
      if (!rules.writable.includes(name)) {
        return sfError(400, 'INVALID_FIELD', `No such column '${name}' on sobject of type ${type}`, [name]);
      }
      if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
        return sfError(400, 'JSON_PARSER_ERROR', `Cannot deserialize instance of ${name}`, [name]);
      }
    }
    const missing = rules.required.filter((name) => (selfId ? name in fields : true) && !fields[name]);
    if (missing.length > 0) {
      return sfError(400, 'REQUIRED_FIELD_MISSING', `Required fields are missing: [${missing.join(', ')}]`, missing);
    }
    for (const name of rules.unique) {
      const value = fields[name];
      const other = [...records[type].values()].find(
        (row) => value != null && row[name] === value && row.Id !== selfId,
      );
      if (other) {
        return sfError(
          400,
          'DUPLICATE_VALUE',
          `duplicate value found: ${name} duplicates value on record with id: ${other.Id}`,
        );
      }
    }
    const opportunityId = fields.OpportunityId;
    if (type === 'Quote' && !selfId && !records.Opportunity.has(String(opportunityId))) {
      return sfError(400, 'INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', ['OpportunityId']);
    }
    return null;
  }

  function create(type: TSObjectType, fields: Record<string, unknown>): TAnswer {
    const refused = refusal(type, fields, null);
    if (refused) return refused;
    lastId += 1;
    const Id = `${RULES[type].idPrefix}${String(lastId).padStart(12, '0')}AAA`;
    const record: TSObjectRecord = { ...(fields as Record<string, TSObjectValue>), Id };
    if (type === 'Quote') {
      lastQuoteNumber += 1;
      record.QuoteNumber = String(lastQuoteNumber).padStart(8, '0');
    }
    records[type].set(Id, record);
    created[type] += 1;
    return { status: 201, body: { id: Id, success: true, errors: [] } };
  }

  function update(type: TSObjectType, id: string, fields: Record<string, unknown>): TAnswer {
    const record = records[type].get(id);
    if (!record) return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    const refused = refusal(type, fields, id);
    if (refused) return refused;
    Object.assign(record, fields);
    updated[type] += 1;
    return { status: 204 };
  }

  /** The record with `attributes`, only the fields asked for (all when none are). */
  function shaped(version: string, type: TSObjectType, record: TSObjectRecord, fields: string[] | null) {
    const picked = fields ? Object.fromEntries(fields.map((name) => [name, record[name] ?? null])) : record;
    return { attributes: { type, url: recordUrl(version, type, record.Id) }, ...picked };
  }

  function retrieve(version: string, type: TSObjectType, id: string, fields: string[] | null): TAnswer {
    const record = records[type].get(id);
    if (!record) return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    const unknown = fields?.find((name) => !READ_ONLY.includes(name) && !RULES[type].writable.includes(name));
    if (unknown) return sfError(400, 'INVALID_FIELD', `No such column '${unknown}' on entity '${type}'`);
    return { status: 200, body: shaped(version, type, record, fields) };
  }

  function query(version: string, soql: string): TAnswer {
    const match =
      /^SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(\w+)\s*=\s*'((?:[^'\\]|\\.)*)')?(?:\s+LIMIT\s+(\d+))?\s*$/i.exec(
        soql.trim(),
      );
    if (!match) return sfError(400, 'MALFORMED_QUERY', `The stand-in cannot read this query: ${soql}`);
    const [, select = '', type = '', where, text = '', limit] = match;
    if (!isSObjectType(type)) return sfError(400, 'INVALID_TYPE', `sObject type '${type}' is not supported.`);
    const fields = select.split(',').map((name) => name.trim());
    const known = [...READ_ONLY, ...RULES[type].writable];
    const unknown = [...fields, ...(where ? [where] : [])].find((name) => !known.includes(name));
    if (unknown) return sfError(400, 'INVALID_FIELD', `No such column '${unknown}' on entity '${type}'.`);
    const value = text.replace(/\\(.)/g, '$1');
    const rows = [...records[type].values()]
      .filter((record) => !where || String(record[where] ?? '') === value)
      .slice(0, limit ? Number(limit) : undefined);
    const body = { totalSize: rows.length, done: true, records: rows.map((row) => shaped(version, type, row, fields)) };
    return { status: 200, body };
  }

  function reset() {
    for (const type of ['Opportunity', 'Quote'] as const) {
      records[type].clear();
      created[type] = 0;
      updated[type] = 0;
    }
    // Ids keep counting, so an id from before a reset never names a new record.
    lastQuoteNumber = 0;
  }

  return { records, created, updated, create, update, retrieve, query, reset };
}

export type TStore = ReturnType<typeof createStore>;
