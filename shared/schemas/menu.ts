import { z } from 'zod';
import { dataList } from './common.ts';

export const MenuSubitemSchema = z.object({ id: z.number().int(), title: z.string(), url: z.string() });
export const MenuItemSchema = MenuSubitemSchema.extend({ subitems: z.array(MenuSubitemSchema).default([]) });
export type MenuItem = z.infer<typeof MenuItemSchema>;
export const MainMenuResponse = dataList(MenuItemSchema);
