import { afterAll, beforeAll } from "vitest";

import { type KlaviyoClock, klaviyoDefaults } from "~/services/klaviyo/client.server";

/** A clock that only moves when the code under test sleeps (or a test advances it): no real waiting. */
export function fakeClock(start = Date.UTC(2026, 10, 26, 12, 0, 0)) {
  const slept: number[] = [];
  let now = start;
  const clock: KlaviyoClock & { slept: number[]; advance(ms: number): void } = {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    slept,
    advance: (ms) => {
      now += ms;
    },
  };
  return clock;
}

/** For a test file: sessions made without a clock (pages, routes) use a fake one. */
export function useFakeKlaviyoClock() {
  const clock = fakeClock();
  let previous = klaviyoDefaults.clock;
  beforeAll(() => {
    previous = klaviyoDefaults.clock;
    klaviyoDefaults.clock = clock;
  });
  afterAll(() => {
    klaviyoDefaults.clock = previous;
  });
  return clock;
}
