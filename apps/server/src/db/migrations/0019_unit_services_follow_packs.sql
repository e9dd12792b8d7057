-- A unit's access rows follow its packs: a pack given to a unit (or a service added to a pack
-- units hold) opens the service to the unit, once; switching it off stays with the row.
CREATE OR REPLACE FUNCTION portal_open_pack_services() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unit_services (unit_id, service_id)
    SELECT NEW.unit_id, ps.service_id FROM package_services ps WHERE ps.package_id = NEW.package_id
    ON CONFLICT (unit_id, service_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER unit_packages_open_services AFTER INSERT OR UPDATE OF package_id ON unit_packages
  FOR EACH ROW EXECUTE FUNCTION portal_open_pack_services();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_open_service_for_holders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unit_services (unit_id, service_id)
    SELECT DISTINCT up.unit_id, NEW.service_id FROM unit_packages up WHERE up.package_id = NEW.package_id
    ON CONFLICT (unit_id, service_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER package_services_open_for_holders AFTER INSERT ON package_services
  FOR EACH ROW EXECUTE FUNCTION portal_open_service_for_holders();
--> statement-breakpoint
INSERT INTO unit_services (unit_id, service_id)
  SELECT DISTINCT up.unit_id, ps.service_id FROM unit_packages up JOIN package_services ps ON ps.package_id = up.package_id
  ON CONFLICT (unit_id, service_id) DO NOTHING;
