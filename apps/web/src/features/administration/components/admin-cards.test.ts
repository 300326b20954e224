import { describe, expect, it } from 'vitest';
import { getAdminCards } from './admin-cards';

const linksFor = (roleLevel: number) =>
  getAdminCards({ roleLevel, pid: 'acme' }).map((card) => `${card.title} ${card.to}`);

describe('administration cards', () => {
  it('level 5: the five lists, Status Types, Platform Settings of their platform and Integration Jobs', () => {
    expect(linksFor(5)).toEqual([
      'Users /Users',
      'Products /Products',
      'Customers /Customers',
      'Addresses /Addresses',
      'Price Lists /PriceLists',
      'Approval Rules /ApprovalRules',
      'Status Types /StatusTypes',
      'Platform Settings /Platforms/edit/acme',
      'Integration Jobs /Jobs',
    ]);
  });

  it('level 9: also Role Management and Platforms', () => {
    expect(linksFor(9).slice(9)).toEqual(['Role Management /Role/acme', 'Platforms /Platforms']);
  });
});
