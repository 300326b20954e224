/** The part of autocannon 8's API the load benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type TContext = Record<string, unknown>;
  type TRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: TRequest, context: TContext) => TRequest;
    onResponse?: (status: number, body: string, context: TContext) => void;
  };
  type THistogram = { average: number; p50: number; p90: number; p99: number; max: number };
  export type TResult = {
    requests: THistogram & { total: number };
    latency: THistogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  type TOptions = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    requests?: TRequest[];
  };
  export default function autocannon(options: TOptions): Promise<TResult>;
}
