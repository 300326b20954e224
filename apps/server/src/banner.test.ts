import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';
import { DEMO_USERS } from './seed/seed';

const publicUrl = 'http://localhost:3000';

describe('startBanner', () => {
  it('lists the demo sign-ins with their passwords on the start that seeded them', () => {
    const banner = startBanner({ publicUrl, seedDemo: true, seededNow: true });
    expect(banner).toContain(`Open CPQ is running at ${publicUrl}`);
    for (const user of DEMO_USERS) {
      expect(banner).toContain(user.username);
      expect(banner).toContain(user.password);
    }
  });

  it('points to the README instead of printing passwords on every later start', () => {
    const banner = startBanner({ publicUrl, seedDemo: true, seededNow: false });
    expect(banner).toContain(`Open CPQ is running at ${publicUrl}`);
    for (const user of DEMO_USERS) expect(banner).not.toContain(user.password);
    expect(banner).toMatch(/README/);
    expect(banner).toContain('Demo sign-ins');
  });

  it('says nothing of demo sign-ins when demo data is off', () => {
    const banner = startBanner({ publicUrl, seedDemo: false, seededNow: false });
    expect(banner).not.toMatch(/demo/i);
  });
});
