import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { suggestionsFor } from '../../../domain/catalog';
import { CHIP_LISTS, type ChipListKey } from '../../../domain/chips';
import { PROFILE_LIMITS } from '../../../domain/profile';
import type { profileMachine } from '../machines/profile.machine';
import { inspectOptions } from '../../../shared/ui/inspect';
import { ChipList } from '../../../shared/ui/ChipList';
import { PictureUpload } from './PictureUpload';
import { useProfileEditorMachine } from './ProfileActors';
import '../../../shared/ui/styles/profile.css';

export type ProfileEditorRef = ActorRefFrom<typeof profileMachine>;

/** The profile editor both the onboarding and the profile screens use (one live machine per screen). */
export function useProfileEditor(): ProfileEditorRef {
  return useActorRef(useProfileEditorMachine(), inspectOptions());
}

/** Shown when a change could not be saved; the change itself is kept on screen. */
export function SaveErrorAlert({ editor }: { editor: ProfileEditorRef }) {
  const saveError = useSelector(editor, (s) => s.context.saveError);
  if (!saveError) return null;
  return <p className="alert save-error" role="alert">{saveError}</p>;
}

/** Profile Info: picture, username and Favorite Hobbies. */
export function ProfileInfoCard({ editor }: { editor: ProfileEditorRef }) {
  const id = useId();
  const username = useSelector(editor, (s) => s.context.profile.username);
  const hobbies = useSelector(editor, (s) => s.context.profile.hobbies);
  const picture = useSelector(editor, (s) => s.context.profile.profilePicture);
  const pictureError = useSelector(editor, (s) => s.context.pictureError);
  const readingPicture = useSelector(editor, (s) => s.matches({ picture: 'readingPicture' }));
  return (
    <section className="card profile-info" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Profile Info</h2>
      <PictureUpload
        picture={picture}
        error={pictureError}
        busy={readingPicture}
        onSelect={(file) => editor.send({ type: 'PICTURE_SELECTED', file })}
        onRemove={() => editor.send({ type: 'PICTURE_REMOVED' })}
      />
      <div className="field">
        <label htmlFor={`${id}-username`}>Username</label>
        <input
          id={`${id}-username`}
          className="input"
          type="text"
          autoComplete="nickname"
          placeholder="Pick a username"
          value={username}
          onChange={(e) => editor.send({ type: 'USERNAME_CHANGED', value: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-hobbies`}>Favorite Hobbies</label>
        <textarea
          id={`${id}-hobbies`}
          className="textarea"
          rows={3}
          placeholder="Hiking, photography, board games..."
          maxLength={PROFILE_LIMITS.hobbies}
          value={hobbies}
          onChange={(e) => editor.send({ type: 'HOBBIES_CHANGED', value: e.target.value })}
        />
      </div>
    </section>
  );
}

function InterestList({ editor, listKey }: { editor: ProfileEditorRef; listKey: ChipListKey }) {
  const items = useSelector(editor, (s) => s.context.profile[listKey]);
  const config = CHIP_LISTS.find((list) => list.key === listKey)!;
  return (
    <ChipList
      title={config.title}
      inputLabel={config.inputLabel}
      placeholder={config.placeholder}
      items={items}
      suggestions={suggestionsFor(config.suggestions, items)}
      onAdd={(value) => editor.send({ type: 'CHIP_ADDED', list: listKey, value })}
      onRemove={(value) => editor.send({ type: 'CHIP_REMOVED', list: listKey, value })}
    />
  );
}

/** Music Genres, Favorite Games, Favorite Shows & Movies. */
export function InterestCards({ editor }: { editor: ProfileEditorRef }) {
  return (
    <>
      {CHIP_LISTS.map((list) => (
        <InterestList key={list.key} editor={editor} listKey={list.key} />
      ))}
    </>
  );
}
