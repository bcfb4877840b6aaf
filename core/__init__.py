"""What every app of the site shares: the error hierarchy of actions
(``errors``), the API base views and error shape (``api``), the DRF
exception handler (``exception_handler``) and running a POSTed action
(``actions``).  It imports no other app of the project."""
