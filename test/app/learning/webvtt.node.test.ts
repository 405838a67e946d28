import { cueIndexAt, parseWebVtt } from '@/features/learning/webvtt';

describe('parseWebVtt', () => {
  it('reads cues with or without hours, ids, settings, tags, entities and CRLF; skips NOTE blocks and bad timings', () => {
    const file = [
      '\uFEFFWEBVTT - Greetings',
      '',
      'NOTE a comment --> not a cue',
      '',
      '1',
      '00:00:00.000 --> 00:00:02.500 align:start line:90%',
      '<v Amara>¡Hola!</v> &amp; <i>buenos</i> días',
      '',
      '01:05.000 --> 01:07.000',
      'Two',
      'lines',
      '',
      '00:09.000 -> 00:10.000',
      'A bad timing',
      '',
    ].join('\r\n');
    expect(parseWebVtt(file)).toEqual([
      { start: 0, end: 2.5, text: '¡Hola! & buenos días' },
      { start: 65, end: 67, text: 'Two\nlines' },
    ]);
  });

  it('reads nothing from a file that is not WebVTT', () => {
    expect(parseWebVtt('1\n00:00:01,000 --> 00:00:02,000\nSRT\n')).toEqual([]);
    expect(parseWebVtt('WEBVTTX\n\n00:00.000 --> 00:01.000\nNo\n')).toEqual([]);
  });

  it('finds the cue being heard, or the one just heard in a gap', () => {
    const cues = parseWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\n00:04.000 --> 00:05.000\nB\n');
    expect([0.5, 1, 1.9, 3, 4.5, 9].map((time) => cueIndexAt(cues, time))).toEqual([-1, 0, 0, 0, 1, 1]);
  });
});
