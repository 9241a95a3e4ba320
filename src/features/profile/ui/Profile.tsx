import { useNavigate } from 'react-router-dom';
import { AiSummaryPanel } from './AiSummaryPanel';
import { CommunitiesFieldset } from './CommunitiesFieldset';
import { ConnectServices } from './ConnectServices';
import { InterestCards, ProfileInfoCard, SaveErrorAlert, useProfileEditor } from './ProfileFields';
import { Screen } from '../../../shared/ui/ScreenShell';

/** /profile: the editing version of the profile (docs/product.md section 2); every change is saved at once. */
export default function Profile() {
  const navigate = useNavigate();
  const editor = useProfileEditor();
  return (
    <Screen className="profile-screen">
      <div className="profile-heading">
        <h1>Your Profile</h1>
        <p className="muted">Changes are saved as you make them.</p>
      </div>
      <SaveErrorAlert editor={editor} />
      <div className="profile-sections">
        <ProfileInfoCard editor={editor} />
        <CommunitiesFieldset />
        <AiSummaryPanel />
        <ConnectServices origin="/profile" />
        <InterestCards editor={editor} />
      </div>
      <div className="profile-actions">
        <button type="button" className="btn btn-outline btn-block" onClick={() => void navigate('/dashboard')}>
          Back to Dashboard
        </button>
      </div>
    </Screen>
  );
}
