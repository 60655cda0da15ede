CREATE TABLE "login_attempts" (
	"ip" text NOT NULL,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_attempts_ip_email_pk" PRIMARY KEY("ip","email")
);
