// What the discover feature offers the others; anything not listed here is its own business.
export { type RequestAnswer, type RequestsSnapshot, answerRequestFor, loadFriendsFor, loadRequestsFor, removeFriendFor } from './services/socialForSession';
