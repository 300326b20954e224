// The durable jobs' statuses and queues with their labels, apart from the job schemas: the jobs page shows the labels
// without loading zod for them.

export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABEL = { pending: 'Waiting', running: 'Running', done: 'Done', dead: 'Failed' } as const;

/** The kinds of work that call a remote system (the ERP, the CRM, the mail server) or print after a commit. */
export const JOB_QUEUES = [
  'erp.submitOrder',
  'erp.createRmaLine',
  'erp.pollStatuses',
  'crm.syncQuote',
  'mail.send',
  'documents.printOrder',
  'documents.signQuote',
] as const;
export type TJobQueue = (typeof JOB_QUEUES)[number];
export const JOB_QUEUE_LABEL = {
  'erp.submitOrder': 'Send order to ERP',
  'erp.createRmaLine': 'Send RMA to ERP',
  'erp.pollStatuses': 'Read order statuses from ERP',
  'crm.syncQuote': 'Send quote to CRM',
  'mail.send': 'Send e-mail',
  'documents.printOrder': 'Print order document',
  'documents.signQuote': 'Print and mail signed quote',
} as const satisfies Record<TJobQueue, string>;
