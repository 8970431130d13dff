import { describe, expect, it } from 'vitest';
import { createKeptAnswers } from './kept-answers';

describe('kept answers', () => {
  it('keeps an answer for keepMs, then never again', () => {
    let now = 1_000;
    const answers = createKeptAnswers({ keepMs: 100, now: () => now });
    answers.set('a', '{"a":1}');
    now = 1_099;
    expect(answers.get('a')).toBe('{"a":1}');
    now = 1_100;
    expect(answers.get('a')).toBeUndefined();
    expect(answers.size).toBe(0);
  });

  it('keeps at most `max`, the least recently used going first', () => {
    const answers = createKeptAnswers({ max: 2 });
    answers.set('a', 'A');
    answers.set('b', 'B');
    expect(answers.get('a')).toBe('A');
    answers.set('c', 'C');
    expect([answers.get('a'), answers.get('b'), answers.get('c')]).toEqual(['A', undefined, 'C']);
    expect(answers.size).toBe(2);
    answers.set('c', 'C2');
    expect(answers.get('c')).toBe('C2');
    answers.clear();
    expect(answers.get('a')).toBeUndefined();
  });
});
