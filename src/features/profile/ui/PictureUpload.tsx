import { useId } from 'react';
import { UserIcon } from '../../../shared/ui/Icons';

export interface PictureUploadProps {
  picture: string;
  error: string | null;
  busy: boolean;
  onSelect: (file: File) => void;
  onRemove: () => void;
}

/** Profile picture: image files only, shown in a round preview. */
export function PictureUpload({ picture, error, busy, onSelect, onRemove }: PictureUploadProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="picture-upload">
      <div className="picture-preview" aria-busy={busy}>
        {picture ? (
          // eslint-disable-next-line jsx-a11y-x/img-redundant-alt -- "profile picture" names what the image is (the contract's text), not that it is an image
          <img src={picture} alt="Your profile picture" />
        ) : (
          <UserIcon width={40} height={40} />
        )}
      </div>
      <div className="picture-controls">
        <input
          id={`${id}-file`}
          className="visually-hidden picture-input"
          type="file"
          accept="image/*"
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared so choosing the same file again still counts as a choice.
            e.target.value = '';
            if (file) onSelect(file);
          }}
        />
        <div className="row">
          <label htmlFor={`${id}-file`} className="btn btn-outline btn-small picture-choose">
            {picture ? 'Change profile picture' : 'Upload profile picture'}
          </label>
          {picture ? (
            <button type="button" className="link-button picture-remove" onClick={onRemove}>Remove</button>
          ) : null}
        </div>
        <p id={hintId} className="muted picture-hint">{busy ? 'Preparing your picture...' : 'An image file: PNG, JPEG, GIF or WebP.'}</p>
        {error ? <p id={errorId} className="field-error" role="alert">{error}</p> : null}
      </div>
    </div>
  );
}
