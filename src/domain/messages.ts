// Every user-visible error, confirmation and alert text of docs/product.md, in one place.
// Components and machines refer to these by name; nothing else spells them out.
export const messages = {
  validation: {
    usernameRequired: 'Username is required',
    usernameCharacters: 'Usernames use letters and digits, with single spaces, dots, hyphens or underscores between them',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordsDoNotMatch: 'Passwords do not match',
  },
  steam: {
    inputEmpty: 'Please enter a Steam ID or profile URL',
    profileNotFoundOrPrivate: 'Steam profile not found or is PRIVATE',
    connectFailed: 'Failed to connect to Steam',
    invalidInput: 'Invalid Steam ID or profile URL. Please enter a valid Steam ID64 or profile URL.',
    resolveHttpFailure: 'Failed to resolve custom Steam URL. Make sure the URL is correct.',
    resolveNoSteamId: 'Steam profile not found. Check the custom URL.',
    resolveNetworkFailure: 'Failed to resolve Steam URL. Please try again or use your Steam ID64 directly.',
    fetchFailed: 'Failed to fetch Steam data.',
    // True only of the demo Steam fake (server/fakes/demoData.ts); tests/server/fakes.test.ts holds both to it.
    demoHintLead: 'Demo accounts:',
    demoAccounts: [
      '76561198000000001 or steamcommunity.com/id/myceliusdemo (public, with games)',
      '76561198000000002 or steamcommunity.com/id/myceliusprivate (private)',
    ],
  },
  music: { fetchFailed: 'Failed to fetch Spotify data.' },
  /** Shown on the screen an OAuth connection started from when it comes back declined or failed. */
  oauth: {
    cancelled: { spotify: 'Spotify connection cancelled.', trakt: 'Trakt connection cancelled.' },
    failed: { spotify: 'Could not connect to Spotify. Please try again.', trakt: 'Could not connect to Trakt. Please try again.' },
    /** Announced where a successful round trip returns, with its card and taste offer scrolled into view. */
    connected: { spotify: 'Spotify connected.', trakt: 'Trakt connected.' },
  },
  tracking: { fetchFailed: 'Failed to fetch data.' },
  ai: {
    summaryFailed: 'Failed to generate summary. Please try again.',
    noSummary: 'No summary generated',
    noGameResponse: 'No game response generated',
    noHotTake: 'No hot take generated',
    noConversationResponse: 'No conversation response generated',
    partnerHotTakeFallback: "I'm honestly not sure what to think about that!",
    matchedChatFallback: "Hmm, I'm having trouble responding right now. Can you say that again?",
    friendChatFallbacks: [
      'That sounds awesome! 😊',
      'I totally agree!',
      'Tell me more about that!',
      "That's interesting!",
      'Haha, that\'s funny!',
      'I feel the same way!',
    ],
  },
  games: {
    noUsersToMatch: 'No users available to match with. Please try again later!',
    loadFailed: 'Sorry, I had trouble loading the game. Please try again!',
  },
  // Beyond docs/product.md: how a matched Hot Takes debate ends. The points follow gameAward.ts.
  hotTakes: {
    finish: 'End debate',
    finishHint: (points: number) => `You're winning: end the debate now for +${points} points, or keep going for more.`,
    won: (points: number) => `Debate won: +${points} points`,
    wonSummary: (partner: string, count: number) => `Your debate with ${partner} ran to ${count} messages. It is saved in your chat logs.`,
    playAgain: 'Play again',
    backToGames: 'Back to games',
    over: 'The debate is over. Play again for a new one.',
    leaveTitle: 'Leave the debate?',
    leaveWin: (points: number) => `Leaving now ends the debate and records a win: +${points} points. The chat is saved in your chat logs.`,
    leaveLogOnly: (partner: string) =>
      `Nothing is counted: a debate is won once ${partner} has answered your take. The chat so far is saved in your chat logs.`,
    leaveNothing: (partner: string) => `Nothing is counted or saved: a debate is won once ${partner} has answered your take.`,
    leave: 'Leave',
    keepDebating: 'Keep debating',
  },
  // Beyond docs/product.md: ending Hot Takes against a member; the rule is gameAward.ts's, as the server counts.
  liveDebate: {
    rule: (count: number) => `A debate is won by both of you once it has more than 4 messages, takes included: ${count} so far.`,
    leaveWin: (partner: string, points: number) => `Leaving now ends the debate for ${partner} too, and you both win +${points} points.`,
    leaveNothing: (partner: string) =>
      `Leaving now ends the debate for ${partner} too, and nothing is counted: a debate is won with more than 4 messages, takes included.`,
    youEnded: 'You ended the debate.',
  },
  settings: {
    confirmClear: 'Are you sure you want to clear all app data? This will delete your profile, friends, and settings.',
    cleared: 'App data cleared successfully!',
    confirmLogout: 'Are you sure you want to log out?',
    // The in-page questions' titles and their buttons name the action they confirm.
    clearAction: 'Clear App Data',
    logOutAction: 'Log Out',
  },
  friends: {
    added: (name: string) => `You're now friends with ${name}!`,
  },
  // Beyond docs/product.md: importing taste from a service that has just connected.
  tasteImport: {
    loading: (service: string) => `Looking at what ${service} says you like...`,
    offerLead: (service: string) => `From ${service}:`,
    offerQuestion: (list: string) => `Add them to ${list}?`,
    lists: { musicGenres: 'your music genres', favoriteGames: 'your favorite games', favoriteShows: 'your favorite shows & movies' },
    addAll: 'Add all',
    pick: 'Pick',
    pickLegend: (service: string) => `Choose what to add from ${service}`,
    addPicked: 'Add selected',
    dismiss: 'Not now',
    added: (list: string, items: readonly string[]) => `Added to ${list}: ${items.join(', ')}.`,
    done: 'OK',
  },
  // Beyond docs/product.md: the explained match and the match floor.
  discover: {
    belowFloor: 'People who share less than 10% of your taste are not listed as matches. Add more genres, games or shows to your profile to find more.',
    breakdownTitle: (name: string, percent: number) => `${percent}% match with ${name}`,
    /** A person's match as their Discover card and their friend request row label it. */
    match: (percent: number) => `${percent}% Match`,
    breakdownLead: 'What each part of your profiles adds to the score:',
    categories: { music: 'Music', games: 'Games', shows: 'Shows & movies', hobbies: 'Hobbies & personality' },
    points: (points: number) => `${points}%`,
    nothingShared: 'Nothing in common here yet',
    wordsInCommon: 'Words you both use in your profiles',
    breakdownClose: 'Close',
    /** How many people the list holds; `more` when further pages exist ('50+ people found' when 53 match). */
    found: (count: number, more: boolean) => `${count}${more ? '+' : ''} ${count === 1 && !more ? 'person' : 'people'} found`,
  },
  // Beyond docs/product.md: what the social screens say when local data cannot be read or written.
  social: {
    usersLoadFailed: 'Could not load other users. Please try again.',
    friendsLoadFailed: 'Could not load your friends. Please try again.',
    leaderboardLoadFailed: 'Could not load the leaderboard. Please try again.',
    addFriendFailed: 'Could not add this friend. Please try again.',
    removeFriendFailed: 'Could not remove this friend. Please try again.',
    settingsSaveFailed: 'Could not save this setting. Please try again.',
  },
  // Beyond docs/product.md: members' friend requests; the server's own reasons are socialErrorTexts.
  requests: {
    loadFailed: 'Could not load your friend requests. Please try again.',
    answerFailed: 'Could not answer this friend request. Please try again.',
    requestFailed: 'Could not send this friend request. Please try again.',
    moreFailed: 'Could not load more people. Please try again.',
    incomingHeading: 'Want to be your friend',
    outgoingHeading: 'Waiting for an answer',
    /** Under a member friend's name: 'Friends since 23 Nov 2026' (an unreadable time says nothing). */
    friendsSince: (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime())
        ? ''
        : `Friends since ${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
    },
    /** Heard after the Friends tab's name: 'Friends, 1 request'. */
    friendsTabCount: (count: number) => `, ${count} ${count === 1 ? 'request' : 'requests'}`,
  },
  // Beyond docs/product.md: a member's leaderboard and Games hub figures, from the server.
  leaderboard: {
    statsLoadFailed: 'Could not load your stats. Please try again.',
    unsentGames: (count: number) =>
      count === 1
        ? '1 finished game is waiting to be sent. It will count once you are back online.'
        : `${count} finished games are waiting to be sent. They will count once you are back online.`,
    onlyYou: (community: string) =>
      community === 'All Communities'
        ? 'You are the only member on the board so far. Invite friends to climb it together.'
        : `You are the only member of ${community} on the board so far. Invite friends to climb it together.`,
    noFriendsYet: 'Add friends to see how you compare with them.',
  },
  // Beyond docs/product.md: the chat logs view when a game's log list cannot be read.
  chat: {
    logsLoadFailed: 'Could not load the chat logs. Please try again.',
    // Beyond docs/product.md: a saved log opens in full from the list.
    readLog: 'Read full log',
    backToLogs: 'Back to logs',
    // Beyond docs/product.md: a member chat.
    /** Under each message of mine the server has not acknowledged yet (queued offline, or on its way). */
    waitingToSend: 'Waiting to send',
    newChatTitle: 'No messages yet',
    /** Friends has friends but no conversation yet (with no friends, Friends' own empty state speaks). */
    noConversationsYet: 'No conversations yet. Open Chat beside a friend below to say hi.',
    newChatPrompt: (name: string) => `Say hello to ${name}! Messages arrive right away, and you see when they are read.`,
  },
  storage: {
    full: 'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.',
  },
  // Beyond docs/product.md: a live notice's action, opening what it is about.
  notices: {
    view: 'View',
  },
  // Beyond docs/product.md: member screens' own texts (the server's reasons live in memberContract.ts).
  members: {
    exportFailed: 'Could not download your data. Please try again.',
  },
  // Beyond docs/product.md: blocking, reporting and privacy for members (server reasons in socialContract.ts).
  safety: {
    moreActions: (name: string) => `More actions for ${name}`,
    block: 'Block',
    report: 'Report',
    blockTitle: (name: string) => `Block ${name}?`,
    blockExplain:
      'You will no longer see each other anywhere in Mycelius: not in Discover, search, friends, requests, chat or Hot Takes. Your friendship and any friend requests between you end. You can unblock them later in Settings.',
    blocking: 'Blocking...',
    blocked: (name: string) => `You blocked ${name}.`,
    blockedExplain: (name: string) =>
      `You and ${name} no longer see each other anywhere in Mycelius. Your friendship and any friend requests between you have ended. You can unblock ${name} in Settings.`,
    reportTitle: (name: string) => `Report ${name}`,
    /** The action on each message from the other person in a member chat. */
    reportMessage: 'Report message',
    /** Over the message quoted in the report dialog. */
    reportedMessage: 'Reported message',
    reportIntro: 'Reports go to the people who run Mycelius. They will not tell the person who reported them.',
    reportReason: 'What is wrong?',
    reportNote: 'Anything else we should know? (optional)',
    reportSend: 'Send report',
    reportSending: 'Sending...',
    reported: (name: string) => `Thank you. Your report about ${name} was sent and will be reviewed.`,
    done: 'Done',
    cancel: 'Cancel',
    blockedEmpty: "You haven't blocked anyone. People you block will be listed here.",
    blockedIntro: 'People you blocked cannot see you, and you cannot see them.',
    blockedLoading: 'Loading blocked people...',
    unblock: 'Unblock',
    unblocking: 'Unblocking...',
    unblocked: (name: string) => `${name} is unblocked.`,
    communitiesLegend: 'Communities',
    communitiesHint: 'Choose the communities you belong to. Others in them find you when they filter Discover.',
    communitiesSaved: 'Communities saved.',
  },
  profile: {
    pictureNotImage: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
    pictureUnreadable: 'That image could not be read. Please try another one.',
  },
} as const;
