import { describe, expect, it } from 'vitest';
import { shareUrl } from './share-links.ts';
import { kakaoAppKey, messengerLinks } from './messenger-links.ts';

const ORIGIN = 'https://guestmap.example';

describe('share links', () => {
  it("carry the visit's staff code and never the sender's language", () => {
    expect(shareUrl('/saigon-riverside-hotel/map?lang=ko&rewards=1', ORIGIN, 'demo-lan-reception-01a')).toBe(
      `${ORIGIN}/saigon-riverside-hotel/map?rewards=1&s=demo-lan-reception-01a`,
    );
    expect(shareUrl('/h/p/x?s=old-code&hl=vi&locale=fr&lng=ja', ORIGIN, null)).toBe(`${ORIGIN}/h/p/x`);
    // Another origin in the path is not followed: the link stays on this one.
    expect(shareUrl('//evil.example/x', ORIGIN, null)).toBe(`${ORIGIN}/`);
    expect(shareUrl('https://evil.example/x', ORIGIN, 'c')).toBe(`${ORIGIN}/?s=c`);
    expect(new URL(shareUrl('/x', ORIGIN, 'a+b&c')).searchParams.get('s')).toBe('a+b&c');
  });

  it('LINE and WhatsApp get the text and link, encoded; Zalo is opened after a copy', () => {
    const url = `${ORIGIN}/saigon-riverside-hotel?s=demo-lan-reception-01a`;
    const links = messengerLinks(url, 'Bến Thành & more');
    expect(links.line).toBe(
      'https://line.me/R/share?text=B%E1%BA%BFn%20Th%C3%A0nh%20%26%20more%20https%3A%2F%2Fguestmap.example%2Fsaigon-riverside-hotel%3Fs%3Ddemo-lan-reception-01a',
    );
    expect(links.whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(`Bến Thành & more ${url}`)}`);
    expect(decodeURIComponent(new URL(links.whatsapp).searchParams.get('text')!)).toContain('s=demo-lan-reception-01a');
    expect(links.zalo).toBe('https://zalo.me/');
    expect(messengerLinks(url, '').line).toBe(`https://line.me/R/share?text=${encodeURIComponent(url)}`);
  });

  it('KakaoTalk only with a configured key', () => {
    expect(kakaoAppKey({})).toBeNull();
    expect(kakaoAppKey({ share: { kakaoAppKey: '' } })).toBeNull();
    expect(kakaoAppKey({ share: { kakaoAppKey: '<script>' } })).toBeNull();
    expect(kakaoAppKey({ share: { kakaoAppKey: '0123456789abcdef0123456789ABCDEF' } })).toBe(
      '0123456789abcdef0123456789ABCDEF',
    );
  });
});
