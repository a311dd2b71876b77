"""Teaching: the admin, deal import and export, and the stored-deal check."""
