import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logger';

describe('loggedUrl', () => {
  it('keeps a quote link’s token and a download link’s token out of the log', () => {
    expect(loggedUrl('/q/xH43mpKbdA7uaa96quvNffaT5ELGDG7Drfni0jcjFjE')).toBe('/q/[redacted]');
    expect(loggedUrl('/api/files/eyJhbGciOiJIUzI1NiJ9.eyJwIjoiYSJ9.c2ln')).toBe('/api/files/[redacted]');
  });

  it('drops the query string and leaves other paths as they are', () => {
    expect(loggedUrl('/api/v1/quoteManagement/getQuote?x=1')).toBe('/api/v1/quoteManagement/getQuote');
    expect(loggedUrl('/Quote/12')).toBe('/Quote/12');
  });
});
