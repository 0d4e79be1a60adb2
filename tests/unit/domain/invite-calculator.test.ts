import { describe, expect, it } from 'vitest';
import { INVITE_RULES, inviteXp, type InviteRules } from '../../../src/domain/invite/calculator';
import { inviteShareData, inviteShareText, veloMgmLink } from '../../../src/domain/invite/links';

describe('invite calculator (route /invite-friend/calculator)', () => {
  it('counts XP per friend and the milestone bonuses reached, with the club’s rules', () => {
    expect(inviteXp(0)).toEqual({ counted: 0, baseXp: 0, bonusXp: 0, totalXp: 0, next: { friends: 3, bonusXp: 200 } });
    expect(inviteXp(3)).toMatchObject({ baseXp: 900, bonusXp: 200, totalXp: 1100, next: { friends: 5, bonusXp: 500 } });
    expect(inviteXp(5)).toMatchObject({
      baseXp: 1500,
      bonusXp: 700,
      totalXp: 2200,
      next: { friends: 10, bonusXp: 1500 },
    });
    expect(inviteXp(10)).toMatchObject({ totalXp: 3000 + 2200, next: null });
  });

  it('clamps bad input: negatives, fractions, not a number, above the yearly cap', () => {
    expect(inviteXp(-4).counted).toBe(0);
    expect(inviteXp(2.9).counted).toBe(2);
    expect(inviteXp(Number.NaN).counted).toBe(0);
    expect(inviteXp(Number.POSITIVE_INFINITY).counted).toBe(0);
    expect(inviteXp(1000).counted).toBe(INVITE_RULES.maxFriendsPerYear);
    expect(inviteXp(1000).totalXp).toBe(inviteXp(INVITE_RULES.maxFriendsPerYear).totalXp);
  });

  it('counts with the rules the server answers, milestones in any order', () => {
    const rules: InviteRules = {
      xpPerFriend: 100,
      milestones: [
        { friends: 4, bonusXp: 50 },
        { friends: 2, bonusXp: 10 },
      ],
      maxFriendsPerYear: 5,
    };
    expect(inviteXp(3, rules)).toEqual({
      counted: 3,
      baseXp: 300,
      bonusXp: 10,
      totalXp: 310,
      next: { friends: 4, bonusXp: 50 },
    });
    expect(inviteXp(9, rules)).toEqual({ counted: 5, baseXp: 500, bonusXp: 60, totalXp: 560, next: null });
  });
});

describe('invite links (docs/rules.md#screens share text, docs/api.md#invite velo MGM link)', () => {
  it('the share text names the code, and its link carries it as the campaign', () => {
    const d = inviteShareData('https://club.example', 'REW-ABC234');
    expect(d.text).toContain('REW-ABC234');
    const url = new URL(d.url);
    expect(url.pathname).toBe('/registration');
    expect(url.searchParams.get('ref')).toBe('REW-ABC234');
    expect(url.searchParams.get('utm_campaign')).toBe('REW-ABC234');
    expect(url.searchParams.get('utm_medium')).toBe('referral');
    expect(inviteShareText('https://club.example', 'REW-ABC234')).toBe(`${d.text} ${d.url}`);
  });

  it('the velo link has discount and rev_code on the second brand’s site, and needs both codes', () => {
    const link = veloMgmLink(
      'https://ogo.example/pages/velo?x=1',
      'https://club.example',
      'VELOMGM-K7P2QX',
      'REW-ABC234',
    );
    const url = new URL(link ?? '');
    expect(url.origin).toBe('https://ogo.example');
    expect(url.searchParams.get('discount')).toBe('VELOMGM-K7P2QX');
    expect(url.searchParams.get('rev_code')).toBe('REW-ABC234');
    expect(url.searchParams.get('x')).toBe('1');
    expect(veloMgmLink('/sandbox/ogo-store/velo-invite', 'http://localhost:8080', 'V', 'REW-ABC234')).toBe(
      'http://localhost:8080/sandbox/ogo-store/velo-invite?discount=V&rev_code=REW-ABC234',
    );
    expect(veloMgmLink('/x', 'http://a', '', 'REW-ABC234')).toBeNull();
    expect(veloMgmLink('/x', 'http://a', 'V', 'ABC234')).toBeNull();
  });
});
