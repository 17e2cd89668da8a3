import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_REPEAT_WINDOW_MS,
  ACTIVITY_TYPES,
  activityTypeLabel,
  CLIENT_ACTIVITY_TYPES,
  RECORDED_ACTIVITY_TYPES,
  REPORT_REPEAT_WINDOW_MS,
  UNOBSERVED_ACTIVITY_TYPES,
} from './activity-types';

describe('activity types (docs/decisions/0135)', () => {
  it('offers every type something records, and none of the unobserved ones', () => {
    expect(RECORDED_ACTIVITY_TYPES).toEqual(ACTIVITY_TYPES.filter((t) => !(UNOBSERVED_ACTIVITY_TYPES as readonly string[]).includes(t)));
    expect(RECORDED_ACTIVITY_TYPES).toContain('login');
    expect(RECORDED_ACTIVITY_TYPES).toContain('page_view');
    for (const unobserved of UNOBSERVED_ACTIVITY_TYPES) expect(RECORDED_ACTIVITY_TYPES).not.toContain(unobserved);
    expect(RECORDED_ACTIVITY_TYPES.length).toBe(ACTIVITY_TYPES.length - UNOBSERVED_ACTIVITY_TYPES.length);
    for (const type of CLIENT_ACTIVITY_TYPES) expect(RECORDED_ACTIVITY_TYPES).toContain(type);
  });

  it('labels a type as a sentence: "page_view" is "Page view"', () => {
    expect(activityTypeLabel('page_view')).toBe('Page view');
    expect(activityTypeLabel('order_status_changed')).toBe('Order status changed');
    expect(activityTypeLabel('login')).toBe('Login');
    expect(activityTypeLabel('')).toBe('');
  });

  it('treats a repeated search within 10 minutes and a reopened report within 30 as the same row', () => {
    expect(ACTIVITY_REPEAT_WINDOW_MS).toBe(600_000);
    expect(REPORT_REPEAT_WINDOW_MS).toBe(1_800_000);
  });
});
