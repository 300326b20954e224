import type { Server } from 'node:http';
import type { TContentChange } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TPaymentGateway } from './adapters/payments/payment-gateway';
import type { TDiagramStore } from './compiler/compiled-diagram-store';
import type { TModelCompiler } from './compiler/model-compiler';
import type { TConfig } from './config';
import type { TDb, TTx } from './db/client';
import type { TAfterCommit } from './db/transaction';
import type { TActors } from './http/actors';
import type { TJobs } from './jobs/job-queue';
import type { TRateLimiter } from './lib/rate-limit';
import type { TSecretBox } from './lib/secret-box';
import type { TDocumentRenderer } from './pdf/document-renderer';

/** An e-mail as the app writes it; the mail adapter adds the sender. */
/** A file sent with a mail: the name it arrives under and the stored file (a generated document) read at delivery. */
export type TMailAttachment = { filename: string; path: string; contentType: string };

export type TMailMessage = {
  to: string[];
  subject: string;
  html: string;
  text: string;
  pid?: string | null;
  /** Files the server stored itself (never a path a client named); kept with the mail's job, read when it is sent. */
  attachments?: TMailAttachment[];
};

/**
 * Mail goes through the outbox: `enqueue` writes the message in the caller's transaction, so a mail is sent if
 * and only if the work that caused it commits; the dispatcher then delivers it through the configured transport.
 */
export type TMailer = {
  /**
   * Writes the mail into the outbox and its delivery job in the caller's transaction (from `withTransaction`), whose
   * commit sets it going; answers its outbox id (for the audit trail).
   */
  enqueue(tx: TTx, afterCommit: TAfterCommit, message: TMailMessage): Promise<number>;
  /** Delivers pending messages now; answers how many were delivered. */
  flush(): Promise<number>;
  close(): Promise<void>;
};

/** Live updates over socket.io at /socket (platform rooms; Redis adapter when REDIS_URL is set). */
export type TRealtime = {
  attach(server: Server): Promise<void>;
  /** Sends the platform's online users to everyone connected on that platform. */
  publishPresence(pid: string): Promise<void>;
  /** Sends `contentchange` (orders whose status changed) to everyone connected on that platform, on every instance. */
  publishContentChange(pid: string, change: TContentChange): void;
  close(): Promise<void>;
};

/** Everything a module needs from the outside world, passed in so tests can substitute the clock or the mailer. */
export type TAppDeps = {
  config: TConfig;
  db: TDb;
  /** The app's log, for work that runs outside a request (after a commit, in a job). */
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Every request's caller, from its bearer token. */
  actors: TActors;
  limiter: TRateLimiter;
  mailer: TMailer;
  realtime: TRealtime;
  /** Card payments: the built-in test gateway, or Stripe when configured. */
  payments: TPaymentGateway;
  /** Durable jobs: every call to a remote system (ERP, CRM) runs as one. */
  jobs: TJobs;
  /** Encrypts the platforms' integration secrets at rest. */
  secretBox: TSecretBox;
  /** Compiles configuration models in worker threads; closed with the app. */
  compiler: TModelCompiler;
  /** Compiled diagrams kept in the data folder, so that a restart does not compile again; null when not kept. */
  diagrams: TDiagramStore | null;
  /** Lays out PDF documents in worker threads; closed with the app. */
  renderer: TDocumentRenderer;
};
