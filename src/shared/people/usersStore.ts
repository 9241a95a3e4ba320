import { z } from 'zod';
import { friendLinkSchema, userSchema } from '../../domain/user';
import { defineKey } from '../storage/store';

export const usersKey = defineKey('mycelius_users', z.array(userSchema), () => []);
export const friendsKey = defineKey('mycelius_friends', z.array(friendLinkSchema), () => []);
