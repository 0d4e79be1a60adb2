import { expect, it } from 'vitest';
import { Scenario } from '../index';

// At 23:50 with no signal the member asks to be called tomorrow, 10:00–12:00. The request
// waits; the network comes back after midnight. It still asks for that same morning (now
// «today»), not the day after: the server books the call for 5 March.
it('a call-back asked offline before midnight is booked for the day the member meant', async () => {
  const s = await Scenario.start({ start: '2030-03-04T21:50:00.000Z' }); // 23:50 in Kyiv
  try {
    const olena = await s.member();
    const phone = await s.phone(olena);
    phone.offline();
    const call = await phone.support.callBack({ day: 'Завтра', from: '10:00', to: '12:00' });
    expect(call.says).toBe('Запит збережено: надішлемо, щойно з’явиться зв’язок.');

    await s.clock.advance('20m');
    phone.online();
    await s.settle();
    expect(await call.state()).toEqual({ state: 'applied' });
    expect((await s.state(olena)).callBacks).toEqual([
      { orderId: null, date: '2030-03-05', from: '10:00', to: '12:00' },
    ]);
  } finally {
    await s.close();
  }
});
