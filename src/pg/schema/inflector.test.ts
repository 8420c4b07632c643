import { describe, expect, it } from 'vitest';
import { camelCase, pascalCase, plural, singular } from './inflector.js';

describe('inflector', () => {
  it.each([
    ['post', 'posts'],
    ['posts', 'posts'],
    ['category', 'categories'],
    ['box', 'boxes'],
    ['address', 'addresses'],
    ['person', 'people'],
    ['day', 'days'],
    ['blog_post', 'blog_posts'],
    ['sheep', 'sheep'],
    ['status', 'statuses'],
    ['size', 'sizes'],
    ['quiz', 'quizzes'],
    ['class', 'classes'],
    ['alias', 'aliases'],
    ['cache', 'caches'],
  ])('plural(%s) = %s', (one, many) => {
    expect(plural(one)).toBe(many);
  });

  it.each([
    ['posts', 'post'],
    ['post', 'post'],
    ['categories', 'category'],
    ['boxes', 'box'],
    ['addresses', 'address'],
    ['people', 'person'],
    ['blog_posts', 'blog_post'],
    ['status', 'status'],
    ['statuses', 'status'],
    ['post_tags', 'post_tag'],
    ['sizes', 'size'],
    ['team_sizes', 'team_size'],
    ['prizes', 'prize'],
    ['quizzes', 'quiz'],
    ['buzzes', 'buzz'],
    ['waltzes', 'waltz'],
    ['classes', 'class'],
    ['statuses', 'status'],
    ['bonuses', 'bonus'],
    ['buses', 'bus'],
    ['houses', 'house'],
    ['warehouses', 'warehouse'],
    ['causes', 'cause'],
    ['uses', 'use'],
    ['cases', 'case'],
    ['responses', 'response'],
    ['aliases', 'alias'],
    ['alias', 'alias'],
    ['taxes', 'tax'],
    ['batches', 'batch'],
    ['coaches', 'coach'],
    ['caches', 'cache'],
    ['dishes', 'dish'],
    ['countries', 'country'],
    ['flies', 'fly'],
    ['pies', 'pie'],
    ['movies', 'movie'],
    ['cookies', 'cookie'],
    ['days', 'day'],
    ['OrderStatuses', 'OrderStatus'],
  ])('singular(%s) = %s', (many, one) => {
    expect(singular(many)).toBe(one);
  });

  it('cases names', () => {
    expect(camelCase('full_name')).toBe('fullName');
    expect(pascalCase('post_tags')).toBe('PostTags');
    expect(camelCase('createdAt')).toBe('createdAt');
    expect(pascalCase('2fa codes')).toBe('_2faCodes');
  });
});
