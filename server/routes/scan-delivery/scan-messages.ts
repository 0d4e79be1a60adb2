import { ApiError, conflict, notFound, unprocessable } from '../../errors';
import { kyivDay, type ClaimResult } from './scan-claim';

type Refusal = Exclude<ClaimResult, { outcome: 'awarded' }>;

/** Ukrainian reason for a code that paid nothing; the same words in scan-code errors and multiscan answers. */
export function refusalMessage(r: Refusal): string {
  switch (r.outcome) {
    case 'used':
      return r.byYou
        ? `Цей код уже зараховано тобі ${kyivDay(r.usedAt)}. Один код дає XP лише раз`
        : 'Цей код уже використав інший учасник клубу';
    case 'unknown':
      return 'Такого коду немає. Перевір, чи правильно він зчитався';
    case 'other_brand':
      return `Це код ${r.variant}. Відскануй його в застосунку ${r.variant}`;
  }
}

/** The error scan-code answers for a code that paid nothing: 409 used, 404 unknown, 422 other brand. */
export function claimError(r: Refusal): ApiError {
  const message = refusalMessage(r);
  switch (r.outcome) {
    case 'used':
      return conflict(r.byYou ? 'code_used_by_you' : 'code_used', message);
    case 'unknown':
      return notFound(message, 'code_not_found');
    case 'other_brand':
      return unprocessable('code_other_brand', message);
  }
}
