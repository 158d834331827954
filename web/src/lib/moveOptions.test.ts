import { describe, expect, it } from 'vitest';
import { clampQuantity, showsElevator, withElevator, withFloor, withPropertyType } from './moveOptions';
import { hasFloors } from './options';

const side = { propertyType: 'apartment_2_room', floor: 'third', elevator: true, address: 'Calle Mayor 2' };

describe('floor/elevator rules (§4)', () => {
  it('apartments, studios and shared floors have floors; houses, storage rooms and offices do not', () => {
    for (const t of ['apartment_1_room', 'apartment_4_rooms', 'studio', 'shared_floor'])
      expect(hasFloors(t)).toBe(true);
    for (const t of ['house_1_room', 'house_5_rooms', 'storage', 'office']) expect(hasFloors(t)).toBe(false);
  });

  it('a type without floors resets the floor to ground and the elevator off, keeping the rest', () => {
    expect(withPropertyType(side, 'house_3_rooms')).toEqual({
      ...side,
      propertyType: 'house_3_rooms',
      floor: 'ground',
      elevator: false,
    });
    expect(withPropertyType(side, 'studio')).toEqual({ ...side, propertyType: 'studio' });
  });

  it('ground floor sets the elevator off; other floors keep it', () => {
    expect(withFloor(side, 'ground')).toMatchObject({ floor: 'ground', elevator: false });
    expect(withFloor(side, 'fifth')).toMatchObject({ floor: 'fifth', elevator: true });
  });

  it('the elevator can only be ticked where its checkbox is shown', () => {
    expect(showsElevator('shared_floor', 'first')).toBe(true);
    expect(showsElevator('shared_floor', 'ground')).toBe(false);
    expect(withElevator({ ...side, floor: 'ground', elevator: false }, true).elevator).toBe(false);
    expect(withElevator({ ...side, propertyType: 'storage', elevator: false }, true).elevator).toBe(false);
    expect(withElevator({ ...side, elevator: false }, true).elevator).toBe(true);
  });
});

describe('service quantities (§5)', () => {
  it('stay within 1 to 10', () => {
    expect([0, 1, 4.4, 10, 11, Number.NaN].map(clampQuantity)).toEqual([1, 1, 4, 10, 10, 1]);
  });
});
