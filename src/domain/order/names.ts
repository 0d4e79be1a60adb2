/** Payment methods as the history names them (docs/rules.md#constants: 1 cash on delivery, 2 card; 3 XP). */
export const PAYMENT_METHOD_NAMES: Record<number, string> = {
  1: 'Готівкою при отриманні',
  2: 'Карткою онлайн',
  3: 'Бонусами XP',
};

/** Delivery methods (docs/rules.md#entities: 1 carrier branch, 2 courier to an address, 3 local courier). */
export const DELIVERY_METHOD_NAMES: Record<number, string> = {
  1: 'У відділення перевізника',
  2: 'Курʼєром за адресою',
  3: 'Курʼєр iPost',
};
