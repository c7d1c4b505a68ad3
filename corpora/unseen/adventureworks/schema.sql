-- =====================================================================
-- AdventureWorks (subset) for PostgreSQL -- quoted CamelCase identifiers
-- Modelled on Microsoft's AdventureWorks OLTP sample as ported to
-- PostgreSQL. Data is synthetic and fully deterministic (md5-based
-- pseudo-random numbers, no random()). The data's "today" is 2025-07-01;
-- orders span 2022-05-01 .. 2025-06-30.
-- Load with:  psql -v ON_ERROR_STOP=1 -f schema.sql  (into an empty DB)
-- =====================================================================
SET client_min_messages = warning;
SET search_path = public;

-- deterministic helpers (session-local, nothing is left behind)
CREATE FUNCTION pg_temp.rnd(text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ((('x' || substr(md5($1), 1, 8))::bit(32)::bigint)::double precision + 0.5) / 4294967296.0 $$;
CREATE FUNCTION pg_temp.guid(text) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$ SELECT md5('aw-rowguid-' || $1)::uuid $$;

-- ---------------------------------------------------------------------
-- Schemas and user-defined data types (domains) as in the original
-- ---------------------------------------------------------------------
CREATE SCHEMA person;
COMMENT ON SCHEMA person IS 'Contains objects related to names and addresses of customers, vendors, and employees';
CREATE SCHEMA humanresources;
COMMENT ON SCHEMA humanresources IS 'Contains objects related to employees and departments.';
CREATE SCHEMA production;
COMMENT ON SCHEMA production IS 'Contains objects related to products, inventory, and manufacturing.';
CREATE SCHEMA sales;
COMMENT ON SCHEMA sales IS 'Contains objects related to customers, sales orders, and sales territories.';

CREATE DOMAIN "OrderNumber"   varchar(25) NULL;
CREATE DOMAIN "AccountNumber" varchar(15) NULL;
CREATE DOMAIN "Flag"          boolean NOT NULL;
CREATE DOMAIN "NameStyle"     boolean NOT NULL;
CREATE DOMAIN "Name"          varchar(50) NULL;
CREATE DOMAIN "Phone"         varchar(25) NULL;

-- ---------------------------------------------------------------------
-- person
-- ---------------------------------------------------------------------
CREATE TABLE person."BusinessEntity" (
    "BusinessEntityID" serial NOT NULL,
    "rowguid"          uuid NOT NULL,
    "ModifiedDate"     timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_BusinessEntity_BusinessEntityID" PRIMARY KEY ("BusinessEntityID")
);
COMMENT ON TABLE person."BusinessEntity" IS 'Source of the ID that connects vendors, customers, and employees with address and contact information.';
COMMENT ON COLUMN person."BusinessEntity"."BusinessEntityID" IS 'Primary key for all customers, vendors, and employees.';
COMMENT ON COLUMN person."BusinessEntity"."rowguid" IS 'ROWGUIDCOL number uniquely identifying the record. Used to support a merge replication sample.';
COMMENT ON COLUMN person."BusinessEntity"."ModifiedDate" IS 'Date and time the record was last updated.';

CREATE TABLE person."Person" (
    "BusinessEntityID" integer NOT NULL,
    "PersonType"       char(2) NOT NULL,
    "NameStyle"        "NameStyle" NOT NULL DEFAULT false,
    "Title"            varchar(8) NULL,
    "FirstName"        "Name" NOT NULL,
    "MiddleName"       "Name" NULL,
    "LastName"         "Name" NOT NULL,
    "Suffix"           varchar(10) NULL,
    "EmailPromotion"   integer NOT NULL DEFAULT 0,
    "rowguid"          uuid NOT NULL,
    "ModifiedDate"     timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Person_BusinessEntityID" PRIMARY KEY ("BusinessEntityID"),
    CONSTRAINT "CK_Person_EmailPromotion" CHECK ("EmailPromotion" BETWEEN 0 AND 2),
    CONSTRAINT "CK_Person_PersonType" CHECK ("PersonType" IS NULL OR upper("PersonType") IN ('SC','VC','IN','EM','SP','GC'))
);
COMMENT ON TABLE person."Person" IS 'Human beings involved with AdventureWorks: employees, customer contacts, and vendor contacts.';
COMMENT ON COLUMN person."Person"."BusinessEntityID" IS 'Primary key for Person records.';
COMMENT ON COLUMN person."Person"."PersonType" IS 'Primary type of person: SC = Store Contact, IN = Individual (retail) customer, SP = Sales person, EM = Employee (non-sales), VC = Vendor contact, GC = General contact';
COMMENT ON COLUMN person."Person"."NameStyle" IS '0 = The data in FirstName and LastName are stored in western style (first name, last name) order.  1 = Eastern style (last name, first name) order.';
COMMENT ON COLUMN person."Person"."Title" IS 'A courtesy title. For example, Mr. or Ms.';
COMMENT ON COLUMN person."Person"."FirstName" IS 'First name of the person.';
COMMENT ON COLUMN person."Person"."MiddleName" IS 'Middle name or middle initial of the person.';
COMMENT ON COLUMN person."Person"."LastName" IS 'Last name of the person.';
COMMENT ON COLUMN person."Person"."Suffix" IS 'Surname suffix. For example, Sr. or Jr.';
COMMENT ON COLUMN person."Person"."EmailPromotion" IS '0 = Contact does not wish to receive e-mail promotions, 1 = Contact does wish to receive e-mail promotions from AdventureWorks, 2 = Contact does wish to receive e-mail promotions from AdventureWorks and selected partners.';
COMMENT ON COLUMN person."Person"."rowguid" IS 'ROWGUIDCOL number uniquely identifying the record. Used to support a merge replication sample.';
COMMENT ON COLUMN person."Person"."ModifiedDate" IS 'Date and time the record was last updated.';

CREATE TABLE person."CountryRegion" (
    "CountryRegionCode" varchar(3) NOT NULL,
    "Name"              "Name" NOT NULL,
    "ModifiedDate"      timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_CountryRegion_CountryRegionCode" PRIMARY KEY ("CountryRegionCode")
);
COMMENT ON TABLE person."CountryRegion" IS 'Lookup table containing the ISO standard codes for countries and regions.';
COMMENT ON COLUMN person."CountryRegion"."CountryRegionCode" IS 'ISO standard code for countries and regions.';
COMMENT ON COLUMN person."CountryRegion"."Name" IS 'Country or region name.';
COMMENT ON COLUMN person."CountryRegion"."ModifiedDate" IS 'Date and time the record was last updated.';

CREATE TABLE person."StateProvince" (
    "StateProvinceID"         serial NOT NULL,
    "StateProvinceCode"       char(3) NOT NULL,
    "CountryRegionCode"       varchar(3) NOT NULL,
    "IsOnlyStateProvinceFlag" "Flag" NOT NULL DEFAULT true,
    "Name"                    "Name" NOT NULL,
    "TerritoryID"             integer NOT NULL,
    "rowguid"                 uuid NOT NULL,
    "ModifiedDate"            timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_StateProvince_StateProvinceID" PRIMARY KEY ("StateProvinceID")
);
COMMENT ON TABLE person."StateProvince" IS 'State and province lookup table.';
COMMENT ON COLUMN person."StateProvince"."StateProvinceID" IS 'Primary key for StateProvince records.';
COMMENT ON COLUMN person."StateProvince"."StateProvinceCode" IS 'ISO standard state or province code.';
COMMENT ON COLUMN person."StateProvince"."CountryRegionCode" IS 'ISO standard country or region code. Foreign key to CountryRegion.CountryRegionCode.';
COMMENT ON COLUMN person."StateProvince"."IsOnlyStateProvinceFlag" IS '0 = StateProvinceCode exists. 1 = StateProvinceCode unavailable, using CountryRegionCode.';
COMMENT ON COLUMN person."StateProvince"."Name" IS 'State or province description.';
COMMENT ON COLUMN person."StateProvince"."TerritoryID" IS 'ID of the territory in which the state or province is located. Foreign key to SalesTerritory.SalesTerritoryID.';
COMMENT ON COLUMN person."StateProvince"."rowguid" IS 'ROWGUIDCOL number uniquely identifying the record. Used to support a merge replication sample.';
COMMENT ON COLUMN person."StateProvince"."ModifiedDate" IS 'Date and time the record was last updated.';

CREATE TABLE person."Address" (
    "AddressID"       serial NOT NULL,
    "AddressLine1"    varchar(60) NOT NULL,
    "AddressLine2"    varchar(60) NULL,
    "City"            varchar(30) NOT NULL,
    "StateProvinceID" integer NOT NULL,
    "PostalCode"      varchar(15) NOT NULL,
    "rowguid"         uuid NOT NULL,
    "ModifiedDate"    timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Address_AddressID" PRIMARY KEY ("AddressID")
);
COMMENT ON TABLE person."Address" IS 'Street address information for customers, employees, and vendors.';
COMMENT ON COLUMN person."Address"."AddressID" IS 'Primary key for Address records.';
COMMENT ON COLUMN person."Address"."AddressLine1" IS 'First street address line.';
COMMENT ON COLUMN person."Address"."AddressLine2" IS 'Second street address line.';
COMMENT ON COLUMN person."Address"."City" IS 'Name of the city.';
COMMENT ON COLUMN person."Address"."StateProvinceID" IS 'Unique identification number for the state or province. Foreign key to StateProvince table.';
COMMENT ON COLUMN person."Address"."PostalCode" IS 'Postal code for the street address.';
COMMENT ON COLUMN person."Address"."rowguid" IS 'ROWGUIDCOL number uniquely identifying the record. Used to support a merge replication sample.';
COMMENT ON COLUMN person."Address"."ModifiedDate" IS 'Date and time the record was last updated.';

CREATE TABLE person."AddressType" (
    "AddressTypeID" serial NOT NULL,
    "Name"          "Name" NOT NULL,
    "rowguid"       uuid NOT NULL,
    "ModifiedDate"  timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_AddressType_AddressTypeID" PRIMARY KEY ("AddressTypeID")
);
COMMENT ON TABLE person."AddressType" IS 'Types of addresses stored in the Address table.';
COMMENT ON COLUMN person."AddressType"."AddressTypeID" IS 'Primary key for AddressType records.';
COMMENT ON COLUMN person."AddressType"."Name" IS 'Address type description. For example, Billing, Home, or Shipping.';

CREATE TABLE person."BusinessEntityAddress" (
    "BusinessEntityID" integer NOT NULL,
    "AddressID"        integer NOT NULL,
    "AddressTypeID"    integer NOT NULL,
    "rowguid"          uuid NOT NULL,
    "ModifiedDate"     timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_BusinessEntityAddress_BusinessEntityID_AddressID_AddressType" PRIMARY KEY ("BusinessEntityID", "AddressID", "AddressTypeID")
);
COMMENT ON TABLE person."BusinessEntityAddress" IS 'Cross-reference table mapping customers, vendors, and employees to their addresses.';
COMMENT ON COLUMN person."BusinessEntityAddress"."BusinessEntityID" IS 'Primary key. Foreign key to BusinessEntity.BusinessEntityID.';
COMMENT ON COLUMN person."BusinessEntityAddress"."AddressID" IS 'Primary key. Foreign key to Address.AddressID.';
COMMENT ON COLUMN person."BusinessEntityAddress"."AddressTypeID" IS 'Primary key. Foreign key to AddressType.AddressTypeID.';

-- ---------------------------------------------------------------------
-- humanresources
-- ---------------------------------------------------------------------
CREATE TABLE humanresources."Department" (
    "DepartmentID" smallint NOT NULL,
    "Name"         "Name" NOT NULL,
    "GroupName"    "Name" NOT NULL,
    "ModifiedDate" timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Department_DepartmentID" PRIMARY KEY ("DepartmentID")
);
COMMENT ON TABLE humanresources."Department" IS 'Lookup table containing the departments within the Adventure Works Cycles company.';
COMMENT ON COLUMN humanresources."Department"."DepartmentID" IS 'Primary key for Department records.';
COMMENT ON COLUMN humanresources."Department"."Name" IS 'Name of the department.';
COMMENT ON COLUMN humanresources."Department"."GroupName" IS 'Name of the group to which the department belongs.';

CREATE TABLE humanresources."Shift" (
    "ShiftID"      smallint NOT NULL,
    "Name"         "Name" NOT NULL,
    "StartTime"    time NOT NULL,
    "EndTime"      time NOT NULL,
    "ModifiedDate" timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Shift_ShiftID" PRIMARY KEY ("ShiftID")
);
COMMENT ON TABLE humanresources."Shift" IS 'Work shift lookup table.';
COMMENT ON COLUMN humanresources."Shift"."ShiftID" IS 'Primary key for Shift records.';
COMMENT ON COLUMN humanresources."Shift"."Name" IS 'Shift description.';
COMMENT ON COLUMN humanresources."Shift"."StartTime" IS 'Shift start time.';
COMMENT ON COLUMN humanresources."Shift"."EndTime" IS 'Shift end time.';

CREATE TABLE humanresources."Employee" (
    "BusinessEntityID"  integer NOT NULL,
    "NationalIDNumber"  varchar(15) NOT NULL,
    "LoginID"           varchar(256) NOT NULL,
    "JobTitle"          varchar(50) NOT NULL,
    "BirthDate"         date NOT NULL,
    "MaritalStatus"     char(1) NOT NULL,
    "Gender"            char(1) NOT NULL,
    "HireDate"          date NOT NULL,
    "SalariedFlag"      "Flag" NOT NULL DEFAULT true,
    "VacationHours"     smallint NOT NULL DEFAULT 0,
    "SickLeaveHours"    smallint NOT NULL DEFAULT 0,
    "CurrentFlag"       "Flag" NOT NULL DEFAULT true,
    "rowguid"           uuid NOT NULL,
    "ModifiedDate"      timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Employee_BusinessEntityID" PRIMARY KEY ("BusinessEntityID"),
    CONSTRAINT "CK_Employee_BirthDate" CHECK ("BirthDate" BETWEEN date '1930-01-01' AND date '2007-01-01'),
    CONSTRAINT "CK_Employee_Gender" CHECK (upper("Gender") IN ('M','F')),
    CONSTRAINT "CK_Employee_HireDate" CHECK ("HireDate" BETWEEN date '1996-07-01' AND date '2025-07-01'),
    CONSTRAINT "CK_Employee_MaritalStatus" CHECK (upper("MaritalStatus") IN ('M','S')),
    CONSTRAINT "CK_Employee_SickLeaveHours" CHECK ("SickLeaveHours" BETWEEN 0 AND 120),
    CONSTRAINT "CK_Employee_VacationHours" CHECK ("VacationHours" BETWEEN -40 AND 240)
);
COMMENT ON TABLE humanresources."Employee" IS 'Employee information such as salary, department, and title.';
COMMENT ON COLUMN humanresources."Employee"."BusinessEntityID" IS 'Primary key for Employee records.  Foreign key to BusinessEntity.BusinessEntityID.';
COMMENT ON COLUMN humanresources."Employee"."NationalIDNumber" IS 'Unique national identification number such as a social security number.';
COMMENT ON COLUMN humanresources."Employee"."LoginID" IS 'Network login.';
COMMENT ON COLUMN humanresources."Employee"."JobTitle" IS 'Work title such as Buyer or Sales Representative.';
COMMENT ON COLUMN humanresources."Employee"."BirthDate" IS 'Date of birth.';
COMMENT ON COLUMN humanresources."Employee"."MaritalStatus" IS 'M = Married, S = Single';
COMMENT ON COLUMN humanresources."Employee"."Gender" IS 'M = Male, F = Female';
COMMENT ON COLUMN humanresources."Employee"."HireDate" IS 'Employee hired on this date.';
COMMENT ON COLUMN humanresources."Employee"."SalariedFlag" IS 'Job classification. 0 = Hourly, not exempt from collective bargaining. 1 = Salaried, exempt from collective bargaining.';
COMMENT ON COLUMN humanresources."Employee"."VacationHours" IS 'Number of available vacation hours.';
COMMENT ON COLUMN humanresources."Employee"."SickLeaveHours" IS 'Number of available sick leave hours.';
COMMENT ON COLUMN humanresources."Employee"."CurrentFlag" IS '0 = Inactive, 1 = Active';
COMMENT ON COLUMN humanresources."Employee"."rowguid" IS 'ROWGUIDCOL number uniquely identifying the record. Used to support a merge replication sample.';
COMMENT ON COLUMN humanresources."Employee"."ModifiedDate" IS 'Date and time the record was last updated.';

CREATE TABLE humanresources."EmployeeDepartmentHistory" (
    "BusinessEntityID" integer NOT NULL,
    "DepartmentID"     smallint NOT NULL,
    "ShiftID"          smallint NOT NULL,
    "StartDate"        date NOT NULL,
    "EndDate"          date NULL,
    "ModifiedDate"     timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_EmployeeDepartmentHistory_BusinessEntityID_StartDate_Departm" PRIMARY KEY ("BusinessEntityID", "StartDate", "DepartmentID", "ShiftID"),
    CONSTRAINT "CK_EmployeeDepartmentHistory_EndDate" CHECK ("EndDate" >= "StartDate" OR "EndDate" IS NULL)
);
COMMENT ON TABLE humanresources."EmployeeDepartmentHistory" IS 'Employee department transfers.';
COMMENT ON COLUMN humanresources."EmployeeDepartmentHistory"."BusinessEntityID" IS 'Employee identification number. Foreign key to Employee.BusinessEntityID.';
COMMENT ON COLUMN humanresources."EmployeeDepartmentHistory"."DepartmentID" IS 'Department in which the employee worked including currently. Foreign key to Department.DepartmentID.';
COMMENT ON COLUMN humanresources."EmployeeDepartmentHistory"."ShiftID" IS 'Identifies which 8-hour shift the employee works. Foreign key to Shift.Shift.ID.';
COMMENT ON COLUMN humanresources."EmployeeDepartmentHistory"."StartDate" IS 'Date the employee started work in the department.';
COMMENT ON COLUMN humanresources."EmployeeDepartmentHistory"."EndDate" IS 'Date the employee left the department. NULL = Current department.';

CREATE TABLE humanresources."EmployeePayHistory" (
    "BusinessEntityID" integer NOT NULL,
    "RateChangeDate"   timestamp NOT NULL,
    "Rate"             numeric(19,4) NOT NULL,
    "PayFrequency"     smallint NOT NULL,
    "ModifiedDate"     timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_EmployeePayHistory_BusinessEntityID_RateChangeDate" PRIMARY KEY ("BusinessEntityID", "RateChangeDate"),
    CONSTRAINT "CK_EmployeePayHistory_PayFrequency" CHECK ("PayFrequency" IN (1, 2)),
    CONSTRAINT "CK_EmployeePayHistory_Rate" CHECK ("Rate" BETWEEN 6.50 AND 200.00)
);
COMMENT ON TABLE humanresources."EmployeePayHistory" IS 'Employee pay history.';
COMMENT ON COLUMN humanresources."EmployeePayHistory"."BusinessEntityID" IS 'Employee identification number. Foreign key to Employee.BusinessEntityID.';
COMMENT ON COLUMN humanresources."EmployeePayHistory"."RateChangeDate" IS 'Date the change in pay is effective';
COMMENT ON COLUMN humanresources."EmployeePayHistory"."Rate" IS 'Salary hourly rate.';
COMMENT ON COLUMN humanresources."EmployeePayHistory"."PayFrequency" IS '1 = Salary received monthly, 2 = Salary received biweekly';

-- ---------------------------------------------------------------------
-- production
-- ---------------------------------------------------------------------
CREATE TABLE production."ProductCategory" (
    "ProductCategoryID" serial NOT NULL,
    "Name"              "Name" NOT NULL,
    "rowguid"           uuid NOT NULL,
    "ModifiedDate"      timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_ProductCategory_ProductCategoryID" PRIMARY KEY ("ProductCategoryID")
);
COMMENT ON TABLE production."ProductCategory" IS 'High-level product categorization.';
COMMENT ON COLUMN production."ProductCategory"."ProductCategoryID" IS 'Primary key for ProductCategory records.';
COMMENT ON COLUMN production."ProductCategory"."Name" IS 'Category description.';

CREATE TABLE production."ProductSubcategory" (
    "ProductSubcategoryID" serial NOT NULL,
    "ProductCategoryID"    integer NOT NULL,
    "Name"                 "Name" NOT NULL,
    "rowguid"              uuid NOT NULL,
    "ModifiedDate"         timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_ProductSubcategory_ProductSubcategoryID" PRIMARY KEY ("ProductSubcategoryID")
);
COMMENT ON TABLE production."ProductSubcategory" IS 'Product subcategories. See ProductCategory table.';
COMMENT ON COLUMN production."ProductSubcategory"."ProductSubcategoryID" IS 'Primary key for ProductSubcategory records.';
COMMENT ON COLUMN production."ProductSubcategory"."ProductCategoryID" IS 'Product category identification number. Foreign key to ProductCategory.ProductCategoryID.';
COMMENT ON COLUMN production."ProductSubcategory"."Name" IS 'Subcategory description.';

CREATE TABLE production."UnitMeasure" (
    "UnitMeasureCode" char(3) NOT NULL,
    "Name"            "Name" NOT NULL,
    "ModifiedDate"    timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_UnitMeasure_UnitMeasureCode" PRIMARY KEY ("UnitMeasureCode")
);
COMMENT ON TABLE production."UnitMeasure" IS 'Unit of measure lookup table.';
COMMENT ON COLUMN production."UnitMeasure"."UnitMeasureCode" IS 'Primary key.';
COMMENT ON COLUMN production."UnitMeasure"."Name" IS 'Unit of measure description.';

CREATE TABLE production."Product" (
    "ProductID"             serial NOT NULL,
    "Name"                  "Name" NOT NULL,
    "ProductNumber"         varchar(25) NOT NULL,
    "MakeFlag"              "Flag" NOT NULL DEFAULT true,
    "FinishedGoodsFlag"     "Flag" NOT NULL DEFAULT true,
    "Color"                 varchar(15) NULL,
    "SafetyStockLevel"      smallint NOT NULL,
    "ReorderPoint"          smallint NOT NULL,
    "StandardCost"          numeric(19,4) NOT NULL,
    "ListPrice"             numeric(19,4) NOT NULL,
    "Size"                  varchar(5) NULL,
    "SizeUnitMeasureCode"   char(3) NULL,
    "WeightUnitMeasureCode" char(3) NULL,
    "Weight"                numeric(8,2) NULL,
    "DaysToManufacture"     integer NOT NULL,
    "ProductLine"           char(2) NULL,
    "Class"                 char(2) NULL,
    "Style"                 char(2) NULL,
    "ProductSubcategoryID"  integer NULL,
    "SellStartDate"         timestamp NOT NULL,
    "SellEndDate"           timestamp NULL,
    "DiscontinuedDate"      timestamp NULL,
    "rowguid"               uuid NOT NULL,
    "ModifiedDate"          timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Product_ProductID" PRIMARY KEY ("ProductID"),
    CONSTRAINT "CK_Product_Class" CHECK (upper("Class") IN ('L','M','H') OR "Class" IS NULL),
    CONSTRAINT "CK_Product_DaysToManufacture" CHECK ("DaysToManufacture" >= 0),
    CONSTRAINT "CK_Product_ListPrice" CHECK ("ListPrice" >= 0.00),
    CONSTRAINT "CK_Product_ProductLine" CHECK (upper("ProductLine") IN ('S','T','M','R') OR "ProductLine" IS NULL),
    CONSTRAINT "CK_Product_ReorderPoint" CHECK ("ReorderPoint" > 0),
    CONSTRAINT "CK_Product_SafetyStockLevel" CHECK ("SafetyStockLevel" > 0),
    CONSTRAINT "CK_Product_SellEndDate" CHECK ("SellEndDate" >= "SellStartDate" OR "SellEndDate" IS NULL),
    CONSTRAINT "CK_Product_StandardCost" CHECK ("StandardCost" >= 0.00),
    CONSTRAINT "CK_Product_Style" CHECK (upper("Style") IN ('U','M','W') OR "Style" IS NULL),
    CONSTRAINT "CK_Product_Weight" CHECK ("Weight" > 0.00)
);
COMMENT ON TABLE production."Product" IS 'Products sold or used in the manfacturing of sold products.';
COMMENT ON COLUMN production."Product"."ProductID" IS 'Primary key for Product records.';
COMMENT ON COLUMN production."Product"."Name" IS 'Name of the product.';
COMMENT ON COLUMN production."Product"."ProductNumber" IS 'Unique product identification number.';
COMMENT ON COLUMN production."Product"."MakeFlag" IS '0 = Product is purchased, 1 = Product is manufactured in-house.';
COMMENT ON COLUMN production."Product"."FinishedGoodsFlag" IS '0 = Product is not a salable item. 1 = Product is salable.';
COMMENT ON COLUMN production."Product"."Color" IS 'Product color.';
COMMENT ON COLUMN production."Product"."SafetyStockLevel" IS 'Minimum inventory quantity.';
COMMENT ON COLUMN production."Product"."ReorderPoint" IS 'Inventory level that triggers a purchase order or work order.';
COMMENT ON COLUMN production."Product"."StandardCost" IS 'Standard cost of the product.';
COMMENT ON COLUMN production."Product"."ListPrice" IS 'Selling price.';
COMMENT ON COLUMN production."Product"."Size" IS 'Product size.';
COMMENT ON COLUMN production."Product"."SizeUnitMeasureCode" IS 'Unit of measure for Size column.';
COMMENT ON COLUMN production."Product"."WeightUnitMeasureCode" IS 'Unit of measure for Weight column.';
COMMENT ON COLUMN production."Product"."Weight" IS 'Product weight.';
COMMENT ON COLUMN production."Product"."DaysToManufacture" IS 'Number of days required to manufacture the product.';
COMMENT ON COLUMN production."Product"."ProductLine" IS 'R = Road, M = Mountain, T = Touring, S = Standard';
COMMENT ON COLUMN production."Product"."Class" IS 'H = High, M = Medium, L = Low';
COMMENT ON COLUMN production."Product"."Style" IS 'W = Womens, M = Mens, U = Universal';
COMMENT ON COLUMN production."Product"."ProductSubcategoryID" IS 'Product is a member of this product subcategory. Foreign key to ProductSubCategory.ProductSubCategoryID.';
COMMENT ON COLUMN production."Product"."SellStartDate" IS 'Date the product was available for sale.';
COMMENT ON COLUMN production."Product"."SellEndDate" IS 'Date the product was no longer available for sale.';
COMMENT ON COLUMN production."Product"."DiscontinuedDate" IS 'Date the product was discontinued.';
COMMENT ON COLUMN production."Product"."rowguid" IS 'ROWGUIDCOL number uniquely identifying the record. Used to support a merge replication sample.';
COMMENT ON COLUMN production."Product"."ModifiedDate" IS 'Date and time the record was last updated.';

CREATE TABLE production."Location" (
    "LocationID"   smallint NOT NULL,
    "Name"         "Name" NOT NULL,
    "CostRate"     numeric(10,4) NOT NULL DEFAULT 0.00,
    "Availability" numeric(8,2) NOT NULL DEFAULT 0.00,
    "ModifiedDate" timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Location_LocationID" PRIMARY KEY ("LocationID"),
    CONSTRAINT "CK_Location_Availability" CHECK ("Availability" >= 0.00),
    CONSTRAINT "CK_Location_CostRate" CHECK ("CostRate" >= 0.00)
);
COMMENT ON TABLE production."Location" IS 'Product inventory and manufacturing locations.';
COMMENT ON COLUMN production."Location"."LocationID" IS 'Primary key for Location records.';
COMMENT ON COLUMN production."Location"."Name" IS 'Location description.';
COMMENT ON COLUMN production."Location"."CostRate" IS 'Standard hourly cost of the manufacturing location.';
COMMENT ON COLUMN production."Location"."Availability" IS 'Work capacity (in hours) of the manufacturing location.';

CREATE TABLE production."ProductInventory" (
    "ProductID"    integer NOT NULL,
    "LocationID"   smallint NOT NULL,
    "Shelf"        varchar(10) NOT NULL,
    "Bin"          smallint NOT NULL,
    "Quantity"     smallint NOT NULL DEFAULT 0,
    "rowguid"      uuid NOT NULL,
    "ModifiedDate" timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_ProductInventory_ProductID_LocationID" PRIMARY KEY ("ProductID", "LocationID"),
    CONSTRAINT "CK_ProductInventory_Bin" CHECK ("Bin" BETWEEN 0 AND 100)
);
COMMENT ON TABLE production."ProductInventory" IS 'Product inventory information.';
COMMENT ON COLUMN production."ProductInventory"."ProductID" IS 'Product identification number. Foreign key to Product.ProductID.';
COMMENT ON COLUMN production."ProductInventory"."LocationID" IS 'Inventory location identification number. Foreign key to Location.LocationID.';
COMMENT ON COLUMN production."ProductInventory"."Shelf" IS 'Storage compartment within an inventory location.';
COMMENT ON COLUMN production."ProductInventory"."Bin" IS 'Storage container on a shelf in an inventory location.';
COMMENT ON COLUMN production."ProductInventory"."Quantity" IS 'Quantity of products in the inventory location.';

-- ---------------------------------------------------------------------
-- sales
-- ---------------------------------------------------------------------
CREATE TABLE sales."SalesTerritory" (
    "TerritoryID"       serial NOT NULL,
    "Name"              "Name" NOT NULL,
    "CountryRegionCode" varchar(3) NOT NULL,
    "Group"             varchar(50) NOT NULL,
    "SalesYTD"          numeric(19,4) NOT NULL DEFAULT 0.00,
    "SalesLastYear"     numeric(19,4) NOT NULL DEFAULT 0.00,
    "CostYTD"           numeric(19,4) NOT NULL DEFAULT 0.00,
    "CostLastYear"      numeric(19,4) NOT NULL DEFAULT 0.00,
    "rowguid"           uuid NOT NULL,
    "ModifiedDate"      timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_SalesTerritory_TerritoryID" PRIMARY KEY ("TerritoryID"),
    CONSTRAINT "CK_SalesTerritory_SalesYTD" CHECK ("SalesYTD" >= 0.00),
    CONSTRAINT "CK_SalesTerritory_SalesLastYear" CHECK ("SalesLastYear" >= 0.00),
    CONSTRAINT "CK_SalesTerritory_CostYTD" CHECK ("CostYTD" >= 0.00),
    CONSTRAINT "CK_SalesTerritory_CostLastYear" CHECK ("CostLastYear" >= 0.00)
);
COMMENT ON TABLE sales."SalesTerritory" IS 'Sales territory lookup table.';
COMMENT ON COLUMN sales."SalesTerritory"."TerritoryID" IS 'Primary key for SalesTerritory records.';
COMMENT ON COLUMN sales."SalesTerritory"."Name" IS 'Sales territory description';
COMMENT ON COLUMN sales."SalesTerritory"."CountryRegionCode" IS 'ISO standard country or region code. Foreign key to CountryRegion.CountryRegionCode.';
COMMENT ON COLUMN sales."SalesTerritory"."Group" IS 'Geographic area to which the sales territory belong.';
COMMENT ON COLUMN sales."SalesTerritory"."SalesYTD" IS 'Sales in the territory year to date.';
COMMENT ON COLUMN sales."SalesTerritory"."SalesLastYear" IS 'Sales in the territory the previous year.';
COMMENT ON COLUMN sales."SalesTerritory"."CostYTD" IS 'Business costs in the territory year to date.';
COMMENT ON COLUMN sales."SalesTerritory"."CostLastYear" IS 'Business costs in the territory the previous year.';

CREATE TABLE sales."SalesPerson" (
    "BusinessEntityID" integer NOT NULL,
    "TerritoryID"      integer NULL,
    "SalesQuota"       numeric(19,4) NULL,
    "Bonus"            numeric(19,4) NOT NULL DEFAULT 0.00,
    "CommissionPct"    numeric(10,4) NOT NULL DEFAULT 0.00,
    "SalesYTD"         numeric(19,4) NOT NULL DEFAULT 0.00,
    "SalesLastYear"    numeric(19,4) NOT NULL DEFAULT 0.00,
    "rowguid"          uuid NOT NULL,
    "ModifiedDate"     timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_SalesPerson_BusinessEntityID" PRIMARY KEY ("BusinessEntityID"),
    CONSTRAINT "CK_SalesPerson_Bonus" CHECK ("Bonus" >= 0.00),
    CONSTRAINT "CK_SalesPerson_CommissionPct" CHECK ("CommissionPct" >= 0.00),
    CONSTRAINT "CK_SalesPerson_SalesLastYear" CHECK ("SalesLastYear" >= 0.00),
    CONSTRAINT "CK_SalesPerson_SalesQuota" CHECK ("SalesQuota" > 0.00),
    CONSTRAINT "CK_SalesPerson_SalesYTD" CHECK ("SalesYTD" >= 0.00)
);
COMMENT ON TABLE sales."SalesPerson" IS 'Sales representative current information.';
COMMENT ON COLUMN sales."SalesPerson"."BusinessEntityID" IS 'Primary key for SalesPerson records. Foreign key to Employee.BusinessEntityID';
COMMENT ON COLUMN sales."SalesPerson"."TerritoryID" IS 'Territory currently assigned to. Foreign key to SalesTerritory.SalesTerritoryID.';
COMMENT ON COLUMN sales."SalesPerson"."SalesQuota" IS 'Projected yearly sales.';
COMMENT ON COLUMN sales."SalesPerson"."Bonus" IS 'Bonus due if quota is met.';
COMMENT ON COLUMN sales."SalesPerson"."CommissionPct" IS 'Commision percent received per sale.';
COMMENT ON COLUMN sales."SalesPerson"."SalesYTD" IS 'Sales total year to date.';
COMMENT ON COLUMN sales."SalesPerson"."SalesLastYear" IS 'Sales total of previous year.';

CREATE TABLE sales."Store" (
    "BusinessEntityID" integer NOT NULL,
    "Name"             "Name" NOT NULL,
    "SalesPersonID"    integer NULL,
    "rowguid"          uuid NOT NULL,
    "ModifiedDate"     timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Store_BusinessEntityID" PRIMARY KEY ("BusinessEntityID")
);
COMMENT ON TABLE sales."Store" IS 'Customers (resellers) of Adventure Works products.';
COMMENT ON COLUMN sales."Store"."BusinessEntityID" IS 'Primary key. Foreign key to Customer.BusinessEntityID.';
COMMENT ON COLUMN sales."Store"."Name" IS 'Name of the store.';
COMMENT ON COLUMN sales."Store"."SalesPersonID" IS 'ID of the sales person assigned to the customer. Foreign key to SalesPerson.BusinessEntityID.';

CREATE TABLE sales."Customer" (
    "CustomerID"    serial NOT NULL,
    "PersonID"      integer NULL,
    "StoreID"       integer NULL,
    "TerritoryID"   integer NULL,
    "AccountNumber" varchar(10) GENERATED ALWAYS AS ('AW' || lpad("CustomerID"::text, 8, '0')) STORED,
    "rowguid"       uuid NOT NULL,
    "ModifiedDate"  timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_Customer_CustomerID" PRIMARY KEY ("CustomerID")
);
COMMENT ON TABLE sales."Customer" IS 'Current customer information. Also see the Person and Store tables.';
COMMENT ON COLUMN sales."Customer"."CustomerID" IS 'Primary key.';
COMMENT ON COLUMN sales."Customer"."PersonID" IS 'Foreign key to Person.BusinessEntityID';
COMMENT ON COLUMN sales."Customer"."StoreID" IS 'Foreign key to Store.BusinessEntityID';
COMMENT ON COLUMN sales."Customer"."TerritoryID" IS 'ID of the territory in which the customer is located. Foreign key to SalesTerritory.SalesTerritoryID.';
COMMENT ON COLUMN sales."Customer"."AccountNumber" IS 'Unique number identifying the customer assigned by the accounting system.';

CREATE TABLE sales."SpecialOffer" (
    "SpecialOfferID" serial NOT NULL,
    "Description"    varchar(255) NOT NULL,
    "DiscountPct"    numeric(10,4) NOT NULL DEFAULT 0.00,
    "Type"           varchar(50) NOT NULL,
    "Category"       varchar(50) NOT NULL,
    "StartDate"      timestamp NOT NULL,
    "EndDate"        timestamp NOT NULL,
    "MinQty"         integer NOT NULL DEFAULT 0,
    "MaxQty"         integer NULL,
    "rowguid"        uuid NOT NULL,
    "ModifiedDate"   timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_SpecialOffer_SpecialOfferID" PRIMARY KEY ("SpecialOfferID"),
    CONSTRAINT "CK_SpecialOffer_DiscountPct" CHECK ("DiscountPct" >= 0.00),
    CONSTRAINT "CK_SpecialOffer_EndDate" CHECK ("EndDate" >= "StartDate"),
    CONSTRAINT "CK_SpecialOffer_MaxQty" CHECK ("MaxQty" >= 0),
    CONSTRAINT "CK_SpecialOffer_MinQty" CHECK ("MinQty" >= 0)
);
COMMENT ON TABLE sales."SpecialOffer" IS 'Sale discounts lookup table.';
COMMENT ON COLUMN sales."SpecialOffer"."SpecialOfferID" IS 'Primary key for SpecialOffer records.';
COMMENT ON COLUMN sales."SpecialOffer"."Description" IS 'Discount description.';
COMMENT ON COLUMN sales."SpecialOffer"."DiscountPct" IS 'Discount precentage.';
COMMENT ON COLUMN sales."SpecialOffer"."Type" IS 'Discount type category.';
COMMENT ON COLUMN sales."SpecialOffer"."Category" IS 'Group the discount applies to such as Reseller or Customer.';
COMMENT ON COLUMN sales."SpecialOffer"."StartDate" IS 'Discount start date.';
COMMENT ON COLUMN sales."SpecialOffer"."EndDate" IS 'Discount end date.';
COMMENT ON COLUMN sales."SpecialOffer"."MinQty" IS 'Minimum discount percent allowed.';
COMMENT ON COLUMN sales."SpecialOffer"."MaxQty" IS 'Maximum discount percent allowed.';

CREATE TABLE sales."SpecialOfferProduct" (
    "SpecialOfferID" integer NOT NULL,
    "ProductID"      integer NOT NULL,
    "rowguid"        uuid NOT NULL,
    "ModifiedDate"   timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_SpecialOfferProduct_SpecialOfferID_ProductID" PRIMARY KEY ("SpecialOfferID", "ProductID")
);
COMMENT ON TABLE sales."SpecialOfferProduct" IS 'Cross-reference table mapping products to special offer discounts.';
COMMENT ON COLUMN sales."SpecialOfferProduct"."SpecialOfferID" IS 'Primary key for SpecialOfferProduct records.';
COMMENT ON COLUMN sales."SpecialOfferProduct"."ProductID" IS 'Product identification number. Foreign key to Product.ProductID.';

CREATE TABLE sales."SalesOrderHeader" (
    "SalesOrderID"        serial NOT NULL,
    "RevisionNumber"      smallint NOT NULL DEFAULT 0,
    "OrderDate"           timestamp NOT NULL DEFAULT now(),
    "DueDate"             timestamp NOT NULL,
    "ShipDate"            timestamp NULL,
    "Status"              smallint NOT NULL DEFAULT 1,
    "OnlineOrderFlag"     "Flag" NOT NULL DEFAULT true,
    "SalesOrderNumber"    varchar(23) GENERATED ALWAYS AS ('SO' || "SalesOrderID"::text) STORED,
    "PurchaseOrderNumber" "OrderNumber" NULL,
    "AccountNumber"       "AccountNumber" NULL,
    "CustomerID"          integer NOT NULL,
    "SalesPersonID"       integer NULL,
    "TerritoryID"         integer NULL,
    "BillToAddressID"     integer NOT NULL,
    "ShipToAddressID"     integer NOT NULL,
    "SubTotal"            numeric(19,4) NOT NULL DEFAULT 0.00,
    "TaxAmt"              numeric(19,4) NOT NULL DEFAULT 0.00,
    "Freight"             numeric(19,4) NOT NULL DEFAULT 0.00,
    "TotalDue"            numeric(19,4) GENERATED ALWAYS AS ("SubTotal" + "TaxAmt" + "Freight") STORED,
    "Comment"             varchar(128) NULL,
    "rowguid"             uuid NOT NULL,
    "ModifiedDate"        timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_SalesOrderHeader_SalesOrderID" PRIMARY KEY ("SalesOrderID"),
    CONSTRAINT "CK_SalesOrderHeader_DueDate" CHECK ("DueDate" >= "OrderDate"),
    CONSTRAINT "CK_SalesOrderHeader_Freight" CHECK ("Freight" >= 0.00),
    CONSTRAINT "CK_SalesOrderHeader_ShipDate" CHECK ("ShipDate" >= "OrderDate" OR "ShipDate" IS NULL),
    CONSTRAINT "CK_SalesOrderHeader_Status" CHECK ("Status" BETWEEN 0 AND 8),
    CONSTRAINT "CK_SalesOrderHeader_SubTotal" CHECK ("SubTotal" >= 0.00),
    CONSTRAINT "CK_SalesOrderHeader_TaxAmt" CHECK ("TaxAmt" >= 0.00)
);
COMMENT ON TABLE sales."SalesOrderHeader" IS 'General sales order information.';
COMMENT ON COLUMN sales."SalesOrderHeader"."SalesOrderID" IS 'Primary key.';
COMMENT ON COLUMN sales."SalesOrderHeader"."RevisionNumber" IS 'Incremental number to track changes to the sales order over time.';
COMMENT ON COLUMN sales."SalesOrderHeader"."OrderDate" IS 'Dates the sales order was created.';
COMMENT ON COLUMN sales."SalesOrderHeader"."DueDate" IS 'Date the order is due to the customer.';
COMMENT ON COLUMN sales."SalesOrderHeader"."ShipDate" IS 'Date the order was shipped to the customer.';
COMMENT ON COLUMN sales."SalesOrderHeader"."Status" IS 'Order current status. 1 = In process; 2 = Approved; 3 = Backordered; 4 = Rejected; 5 = Shipped; 6 = Cancelled';
COMMENT ON COLUMN sales."SalesOrderHeader"."OnlineOrderFlag" IS '0 = Order placed by sales person. 1 = Order placed online by customer.';
COMMENT ON COLUMN sales."SalesOrderHeader"."SalesOrderNumber" IS 'Unique sales order identification number.';
COMMENT ON COLUMN sales."SalesOrderHeader"."PurchaseOrderNumber" IS 'Customer purchase order number reference.';
COMMENT ON COLUMN sales."SalesOrderHeader"."AccountNumber" IS 'Financial accounting number reference.';
COMMENT ON COLUMN sales."SalesOrderHeader"."CustomerID" IS 'Customer identification number. Foreign key to Customer.BusinessEntityID.';
COMMENT ON COLUMN sales."SalesOrderHeader"."SalesPersonID" IS 'Sales person who created the sales order. Foreign key to SalesPerson.BusinessEntityID.';
COMMENT ON COLUMN sales."SalesOrderHeader"."TerritoryID" IS 'Territory in which the sale was made. Foreign key to SalesTerritory.SalesTerritoryID.';
COMMENT ON COLUMN sales."SalesOrderHeader"."BillToAddressID" IS 'Customer billing address. Foreign key to Address.AddressID.';
COMMENT ON COLUMN sales."SalesOrderHeader"."ShipToAddressID" IS 'Customer shipping address. Foreign key to Address.AddressID.';
COMMENT ON COLUMN sales."SalesOrderHeader"."SubTotal" IS 'Sales subtotal. Computed as SUM(SalesOrderDetail.LineTotal)for the appropriate SalesOrderID.';
COMMENT ON COLUMN sales."SalesOrderHeader"."TaxAmt" IS 'Tax amount.';
COMMENT ON COLUMN sales."SalesOrderHeader"."Freight" IS 'Shipping cost.';
COMMENT ON COLUMN sales."SalesOrderHeader"."TotalDue" IS 'Total due from customer. Computed as Subtotal + TaxAmt + Freight.';
COMMENT ON COLUMN sales."SalesOrderHeader"."Comment" IS 'Sales representative comments.';

CREATE TABLE sales."SalesOrderDetail" (
    "SalesOrderID"          integer NOT NULL,
    "SalesOrderDetailID"    serial NOT NULL,
    "CarrierTrackingNumber" varchar(25) NULL,
    "OrderQty"              smallint NOT NULL,
    "ProductID"             integer NOT NULL,
    "SpecialOfferID"        integer NOT NULL,
    "UnitPrice"             numeric(19,4) NOT NULL,
    "UnitPriceDiscount"     numeric(19,4) NOT NULL DEFAULT 0.0,
    "LineTotal"             numeric(38,6) GENERATED ALWAYS AS ("UnitPrice" * (1.0 - "UnitPriceDiscount") * "OrderQty") STORED,
    "rowguid"               uuid NOT NULL,
    "ModifiedDate"          timestamp NOT NULL DEFAULT now(),
    CONSTRAINT "PK_SalesOrderDetail_SalesOrderID_SalesOrderDetailID" PRIMARY KEY ("SalesOrderID", "SalesOrderDetailID"),
    CONSTRAINT "CK_SalesOrderDetail_OrderQty" CHECK ("OrderQty" > 0),
    CONSTRAINT "CK_SalesOrderDetail_UnitPrice" CHECK ("UnitPrice" >= 0.00),
    CONSTRAINT "CK_SalesOrderDetail_UnitPriceDiscount" CHECK ("UnitPriceDiscount" >= 0.00)
);
COMMENT ON TABLE sales."SalesOrderDetail" IS 'Individual products associated with a specific sales order. See SalesOrderHeader.';
COMMENT ON COLUMN sales."SalesOrderDetail"."SalesOrderID" IS 'Primary key. Foreign key to SalesOrderHeader.SalesOrderID.';
COMMENT ON COLUMN sales."SalesOrderDetail"."SalesOrderDetailID" IS 'Primary key. One incremental unique number per product sold.';
COMMENT ON COLUMN sales."SalesOrderDetail"."CarrierTrackingNumber" IS 'Shipment tracking number supplied by the shipper.';
COMMENT ON COLUMN sales."SalesOrderDetail"."OrderQty" IS 'Quantity ordered per product.';
COMMENT ON COLUMN sales."SalesOrderDetail"."ProductID" IS 'Product sold to customer. Foreign key to Product.ProductID.';
COMMENT ON COLUMN sales."SalesOrderDetail"."SpecialOfferID" IS 'Promotional code. Foreign key to SpecialOffer.SpecialOfferID.';
COMMENT ON COLUMN sales."SalesOrderDetail"."UnitPrice" IS 'Selling price of a single product.';
COMMENT ON COLUMN sales."SalesOrderDetail"."UnitPriceDiscount" IS 'Discount amount.';
COMMENT ON COLUMN sales."SalesOrderDetail"."LineTotal" IS 'Per product subtotal. Computed as UnitPrice * (1 - UnitPriceDiscount) * OrderQty.';

-- =====================================================================
-- DATA
-- =====================================================================

-- ---- lookups ---------------------------------------------------------
INSERT INTO person."CountryRegion" ("CountryRegionCode", "Name", "ModifiedDate") VALUES
 ('AU','Australia','2008-04-30'), ('CA','Canada','2008-04-30'), ('DE','Germany','2008-04-30'),
 ('FR','France','2008-04-30'), ('GB','United Kingdom','2008-04-30'), ('US','United States','2008-04-30'),
 ('MX','Mexico','2008-04-30'), ('JP','Japan','2008-04-30'), ('NL','Netherlands','2008-04-30'),
 ('IT','Italy','2008-04-30'), ('ES','Spain','2008-04-30'), ('BR','Brazil','2008-04-30'),
 ('NZ','New Zealand','2008-04-30'), ('IE','Ireland','2008-04-30'), ('CH','Switzerland','2008-04-30'),
 ('SE','Sweden','2008-04-30');

CREATE TEMP TABLE t_geo (prov_id int, code text, prov text, country text, terr int, cities text[], postals text[]);
INSERT INTO t_geo VALUES
 ( 1,'WA','Washington','US',1, '{Seattle,Redmond,Bellevue,Spokane,Everett}', '{98104,98052,98004,99202,98201}'),
 ( 2,'OR','Oregon','US',1, '{Portland,Salem,Beaverton}', '{97205,97301,97005}'),
 ( 3,'ID','Idaho','US',1, '{Boise}', '{83702}'),
 ( 4,'NY','New York','US',2, '{New York,Rochester,Albany}', '{10007,14604,12207}'),
 ( 5,'MA','Massachusetts','US',2, '{Boston,Cambridge,Worcester}', '{02108,02139,01608}'),
 ( 6,'PA','Pennsylvania','US',2, '{Philadelphia,Pittsburgh}', '{19103,15222}'),
 ( 7,'IL','Illinois','US',3, '{Chicago,Springfield}', '{60601,62701}'),
 ( 8,'MN','Minnesota','US',3, '{Minneapolis,Saint Paul}', '{55401,55102}'),
 ( 9,'MO','Missouri','US',3, '{Kansas City,Saint Louis}', '{64106,63101}'),
 (10,'CA','California','US',4, '{Los Angeles,San Diego,San Francisco,Sacramento,San Jose}', '{90012,92101,94103,95814,95113}'),
 (11,'AZ','Arizona','US',4, '{Phoenix,Tucson}', '{85004,85701}'),
 (12,'UT','Utah','US',4, '{Salt Lake City}', '{84101}'),
 (13,'TX','Texas','US',4, '{Austin,Dallas,Houston}', '{78701,75201,77002}'),
 (14,'FL','Florida','US',5, '{Miami,Orlando,Tampa}', '{33130,32801,33602}'),
 (15,'GA','Georgia','US',5, '{Atlanta,Savannah}', '{30303,31401}'),
 (16,'NC','North Carolina','US',5, '{Charlotte,Raleigh}', '{28202,27601}'),
 (17,'ON','Ontario','CA',6, '{Toronto,Ottawa,Hamilton}', '{M5J 2N8,K1P 5G4,L8P 4R5}'),
 (18,'BC','British Columbia','CA',6, '{Vancouver,Victoria,Burnaby}', '{V6B 3P7,V8W 1P6,V5A 1S6}'),
 (19,'QC','Quebec','CA',6, '{Montreal,Quebec City}', '{H2Y 1C6,G1R 4P5}'),
 (20,'AB','Alberta','CA',6, '{Calgary,Edmonton}', '{T2P 2M5,T5J 0N3}'),
 (21,'75','Seine (Paris)','FR',7, '{Paris}', '{75002}'),
 (22,'59','Nord','FR',7, '{Lille,Roubaix}', '{59000,59100}'),
 (23,'92','Hauts de Seine','FR',7, '{Boulogne-Billancourt,Nanterre}', '{92100,92000}'),
 (24,'69','Rhône','FR',7, '{Lyon,Villeurbanne}', '{69001,69100}'),
 (25,'HE','Hessen','DE',8, '{Frankfurt am Main,Offenbach}', '{60323,63073}'),
 (26,'BY','Bayern','DE',8, '{München,Augsburg,Nürnberg}', '{80074,86150,90402}'),
 (27,'NW','Nordrhein-Westfalen','DE',8, '{Köln,Düsseldorf,Bonn}', '{50667,40213,53131}'),
 (28,'HH','Hamburg','DE',8, '{Hamburg}', '{20354}'),
 (29,'BE','Berlin','DE',8, '{Berlin}', '{10178}'),
 (30,'NSW','New South Wales','AU',9, '{Sydney,Newcastle,Wollongong}', '{2000,2300,2500}'),
 (31,'VIC','Victoria','AU',9, '{Melbourne,Geelong}', '{3000,3220}'),
 (32,'QLD','Queensland','AU',9, '{Brisbane,Gold Coast}', '{4000,4217}'),
 (33,'SA','South Australia','AU',9, '{Adelaide}', '{5000}'),
 (34,'TAS','Tasmania','AU',9, '{Hobart}', '{7000}'),
 (35,'ENG','England','GB',10, '{London,Birmingham,Manchester,Bristol,Liverpool,Reading}', '{SW1A 1AA,B29 6SL,M1 1AE,BS1 4DJ,L1 8JQ,RG1 1AF}');

INSERT INTO person."StateProvince" ("StateProvinceID","StateProvinceCode","CountryRegionCode","IsOnlyStateProvinceFlag","Name","TerritoryID","rowguid","ModifiedDate")
SELECT prov_id, code, country, (country = 'GB'), prov, terr, pg_temp.guid('sp' || prov_id), timestamp '2014-02-08 10:17:21'
FROM t_geo;

CREATE TEMP TABLE t_prov AS
SELECT prov_id, terr, row_number() OVER (PARTITION BY terr ORDER BY prov_id) AS k,
       count(*) OVER (PARTITION BY terr) AS n, cardinality(cities) AS ncity, cities, postals
FROM t_geo;

INSERT INTO person."AddressType" ("AddressTypeID","Name","rowguid","ModifiedDate")
SELECT id, n, pg_temp.guid('at' || id), timestamp '2008-04-30'
FROM (VALUES (1,'Billing'),(2,'Home'),(3,'Main Office'),(4,'Primary'),(5,'Shipping'),(6,'Archive')) v(id,n);

INSERT INTO humanresources."Department" ("DepartmentID","Name","GroupName","ModifiedDate")
SELECT id, n, g, timestamp '2008-04-30' FROM (VALUES
 (1,'Engineering','Research and Development'), (2,'Tool Design','Research and Development'),
 (3,'Sales','Sales and Marketing'), (4,'Marketing','Sales and Marketing'),
 (5,'Purchasing','Inventory Management'), (6,'Research and Development','Research and Development'),
 (7,'Production','Manufacturing'), (8,'Production Control','Manufacturing'),
 (9,'Human Resources','Executive General and Administration'), (10,'Finance','Executive General and Administration'),
 (11,'Information Services','Executive General and Administration'), (12,'Document Control','Quality Assurance'),
 (13,'Quality Assurance','Quality Assurance'), (14,'Facilities and Maintenance','Executive General and Administration'),
 (15,'Shipping and Receiving','Inventory Management'), (16,'Executive','Executive General and Administration')) v(id,n,g);

INSERT INTO humanresources."Shift" VALUES
 (1,'Day','07:00','15:00','2008-04-30'), (2,'Evening','15:00','23:00','2008-04-30'), (3,'Night','23:00','07:00','2008-04-30');

INSERT INTO production."UnitMeasure" VALUES
 ('BOX','Boxes','2008-04-30'), ('CM','Centimeter','2008-04-30'), ('EA','Each','2008-04-30'),
 ('G','Gram','2008-04-30'), ('IN','Inch','2008-04-30'), ('KG','Kilogram','2008-04-30'),
 ('LB','US pound','2008-04-30'), ('M','Meter','2008-04-30'), ('MM','Millimeter','2008-04-30'),
 ('OZ','Ounces','2008-04-30'), ('PAK','Pack','2008-04-30'), ('PC','Piece','2008-04-30');

INSERT INTO production."Location" VALUES
 (1,'Tool Crib',0,0,'2008-04-30'), (2,'Sheet Metal Racks',0,0,'2008-04-30'), (3,'Paint Shop',0,0,'2008-04-30'),
 (4,'Paint Storage',0,0,'2008-04-30'), (5,'Metal Storage',0,0,'2008-04-30'), (6,'Miscellaneous Storage',0,0,'2008-04-30'),
 (7,'Finished Goods Storage',0,0,'2008-04-30'), (10,'Frame Forming',22.50,96,'2008-04-30'),
 (20,'Frame Welding',25.00,108,'2008-04-30'), (30,'Debur and Polish',14.50,120,'2008-04-30'),
 (40,'Paint',15.75,120,'2008-04-30'), (45,'Specialized Paint',18.00,80,'2008-04-30'),
 (50,'Subassembly',12.25,120,'2008-04-30'), (60,'Final Assembly',12.25,120,'2008-04-30');

INSERT INTO production."ProductCategory" ("ProductCategoryID","Name","rowguid","ModifiedDate")
SELECT id, n, pg_temp.guid('pc' || id), timestamp '2008-04-30'
FROM (VALUES (1,'Bikes'),(2,'Components'),(3,'Clothing'),(4,'Accessories')) v(id,n);

INSERT INTO production."ProductSubcategory" ("ProductSubcategoryID","ProductCategoryID","Name","rowguid","ModifiedDate")
SELECT id, c, n, pg_temp.guid('psc' || id), timestamp '2008-04-30' FROM (VALUES
 (1,1,'Mountain Bikes'),(2,1,'Road Bikes'),(3,1,'Touring Bikes'),
 (4,2,'Handlebars'),(5,2,'Bottom Brackets'),(6,2,'Brakes'),(7,2,'Chains'),(8,2,'Cranksets'),
 (9,2,'Derailleurs'),(10,2,'Forks'),(11,2,'Headsets'),(12,2,'Mountain Frames'),(13,2,'Pedals'),
 (14,2,'Road Frames'),(15,2,'Saddles'),(16,2,'Touring Frames'),(17,2,'Wheels'),
 (18,3,'Bib-Shorts'),(19,3,'Caps'),(20,3,'Gloves'),(21,3,'Jerseys'),(22,3,'Shorts'),(23,3,'Socks'),
 (24,3,'Tights'),(25,3,'Vests'),
 (26,4,'Bike Racks'),(27,4,'Bike Stands'),(28,4,'Bottles and Cages'),(29,4,'Cleaners'),(30,4,'Fenders'),
 (31,4,'Helmets'),(32,4,'Hydration Packs'),(33,4,'Lights'),(34,4,'Locks'),(35,4,'Panniers'),
 (36,4,'Pumps'),(37,4,'Tires and Tubes')) v(id,c,n);

-- ---- products ----------------------------------------------------------
-- model list: naming style ns: CS = "<base> <color>, <size>", S = "<base>, <size>", C = "<base>, <color>", P = plain
CREATE TEMP TABLE t_model (
  mno int, sub int, base text, ns text, colors text[], sizes text[], price numeric, cost_ratio numeric,
  pline text, cls text, style text, make boolean, sstart date, send date, weight numeric, dtm int, code text);
INSERT INTO t_model VALUES
 ( 1, 1,'Mountain-100','CS','{Silver,Black}','{38,42,44,48}',3399.99,0.5836,'M','H','U',true,'2021-07-01','2024-06-30',20.35,4,'BK-M82'),
 ( 2, 1,'Mountain-200','CS','{Silver,Black}','{38,42,46}',2319.99,0.5466,'M','H','U',true,'2022-07-01',NULL,23.35,4,'BK-M68'),
 ( 3, 1,'Mountain-300','CS','{Black}','{38,40,44,48}',1079.99,0.5510,'M','M','U',true,'2021-07-01',NULL,25.35,4,'BK-M47'),
 ( 4, 1,'Mountain-400-W','CS','{Silver}','{38,40,42,46}',769.49,0.5420,'M','M','W',true,'2023-07-01',NULL,26.77,4,'BK-M38'),
 ( 5, 1,'Mountain-500','CS','{Silver,Black}','{40,42,44,48,52}',564.99,0.5390,'M','L','U',true,'2021-07-01',NULL,27.35,4,'BK-M18'),
 ( 6, 2,'Road-150','CS','{Red}','{44,48,52,56,62}',3578.27,0.6010,'R','H','U',true,'2021-07-01','2023-06-30',13.79,4,'BK-R93'),
 ( 7, 2,'Road-250','CS','{Red,Black}','{44,48,52,58}',2443.35,0.5980,'R','H','U',true,'2022-07-01',NULL,15.13,4,'BK-R89'),
 ( 8, 2,'Road-350-W','CS','{Yellow}','{40,42,44,48}',1700.99,0.5930,'R','M','W',true,'2023-07-01',NULL,15.35,4,'BK-R79'),
 ( 9, 2,'Road-550-W','CS','{Yellow}','{38,40,42,44,48}',1120.49,0.6020,'R','M','W',true,'2022-07-01',NULL,18.77,4,'BK-R64'),
 (10, 2,'Road-650','CS','{Red,Black}','{44,48,52,58,60,62}',782.99,0.6170,'R','L','U',true,'2021-07-01','2024-05-31',19.77,4,'BK-R50'),
 (11, 2,'Road-750','CS','{Black}','{44,48,52,58}',539.99,0.6080,'R','L','U',true,'2023-07-01',NULL,20.77,4,'BK-R19'),
 (12, 3,'Touring-1000','CS','{Yellow,Blue}','{46,50,54,60}',2384.07,0.6040,'T','H','U',true,'2023-07-01',NULL,25.13,4,'BK-T79'),
 (13, 3,'Touring-2000','CS','{Blue}','{46,50,54,60}',1214.85,0.6050,'T','M','U',true,'2023-07-01',NULL,27.90,4,'BK-T44'),
 (14, 3,'Touring-3000','CS','{Yellow,Blue}','{44,50,54,58,62}',742.35,0.6000,'T','L','U',true,'2023-07-01',NULL,29.90,4,'BK-T18'),
 (20, 4,'HL Mountain Handlebars','P','{NULL}','{}',120.27,0.4430,'M','H',NULL,true,'2021-07-01',NULL,NULL,1,'HB-M918'),
 (21, 4,'ML Mountain Handlebars','P','{NULL}','{}',61.92,0.4470,'M','M',NULL,true,'2021-07-01',NULL,NULL,1,'HB-M763'),
 (22, 4,'LL Mountain Handlebars','P','{NULL}','{}',44.54,0.4410,'M','L',NULL,true,'2021-07-01',NULL,NULL,1,'HB-M243'),
 (23, 4,'HL Road Handlebars','P','{NULL}','{}',120.27,0.4450,'R','H',NULL,true,'2021-07-01',NULL,NULL,1,'HB-R956'),
 (24, 4,'ML Road Handlebars','P','{NULL}','{}',61.92,0.4480,'R','M',NULL,true,'2021-07-01',NULL,NULL,1,'HB-R720'),
 (25, 4,'LL Road Handlebars','P','{NULL}','{}',44.54,0.4400,'R','L',NULL,true,'2021-07-01',NULL,NULL,1,'HB-R504'),
 (26, 4,'HL Touring Handlebars','P','{NULL}','{}',91.57,0.4460,'T','H',NULL,true,'2023-07-01',NULL,NULL,1,'HB-T928'),
 (27, 4,'LL Touring Handlebars','P','{NULL}','{}',46.09,0.4420,'T','L',NULL,true,'2023-07-01',NULL,NULL,1,'HB-T721'),
 (30, 5,'HL Bottom Bracket','P','{NULL}','{}',121.49,0.4440,NULL,'H',NULL,true,'2021-07-01',NULL,170,1,'BB-9108'),
 (31, 5,'ML Bottom Bracket','P','{NULL}','{}',101.24,0.4410,NULL,'M',NULL,true,'2021-07-01',NULL,168,1,'BB-8107'),
 (32, 5,'LL Bottom Bracket','P','{NULL}','{}',53.99,0.4390,NULL,'L',NULL,true,'2021-07-01',NULL,223,1,'BB-7421'),
 (33, 6,'Front Brakes','P','{Silver}','{}',106.50,0.4460,NULL,'H',NULL,true,'2021-07-01',NULL,317,1,'FB-9873'),
 (34, 6,'Rear Brakes','P','{Silver}','{}',106.50,0.4430,NULL,'H',NULL,true,'2021-07-01',NULL,317,1,'RB-9231'),
 (35, 7,'Chain','P','{Silver}','{}',20.24,0.4420,NULL,NULL,NULL,false,'2021-07-01',NULL,NULL,1,'CH-0234'),
 (36, 8,'HL Crankset','P','{Black}','{}',404.99,0.4450,NULL,'H',NULL,true,'2021-07-01',NULL,575,1,'CS-9183'),
 (37, 8,'ML Crankset','P','{Black}','{}',256.49,0.4440,NULL,'M',NULL,true,'2021-07-01',NULL,635,1,'CS-6583'),
 (38, 8,'LL Crankset','P','{Black}','{}',175.49,0.4430,NULL,'L',NULL,true,'2021-07-01',NULL,600,1,'CS-4759'),
 (39, 9,'Front Derailleur','P','{Silver}','{}',91.49,0.4460,NULL,NULL,NULL,true,'2021-07-01',NULL,88,1,'FD-2342'),
 (40, 9,'Rear Derailleur','P','{Silver}','{}',121.46,0.4450,NULL,NULL,NULL,true,'2021-07-01',NULL,215,1,'RD-2308'),
 (41,10,'HL Fork','P','{NULL}','{}',229.49,0.4460,NULL,'H',NULL,true,'2021-07-01',NULL,NULL,1,'FK-5136'),
 (42,10,'ML Fork','P','{NULL}','{}',175.49,0.4450,NULL,'M',NULL,true,'2021-07-01',NULL,NULL,1,'FK-1639'),
 (43,10,'LL Fork','P','{NULL}','{}',148.22,0.4440,NULL,'L',NULL,true,'2021-07-01',NULL,NULL,1,'FK-1639L'),
 (44,11,'HL Headset','P','{NULL}','{}',124.73,0.4470,NULL,'H',NULL,true,'2021-07-01',NULL,NULL,1,'HS-3479'),
 (45,11,'ML Headset','P','{NULL}','{}',102.29,0.4460,NULL,'M',NULL,true,'2021-07-01',NULL,NULL,1,'HS-2451'),
 (46,11,'LL Headset','P','{NULL}','{}',34.20,0.4420,NULL,'L',NULL,true,'2021-07-01',NULL,NULL,1,'HS-0296'),
 (50,12,'HL Mountain Frame','CS','{Silver,Black}','{38,42,44,48}',1364.50,0.5420,'M','H','U',true,'2021-07-01',NULL,2.68,1,'FR-M94'),
 (51,12,'ML Mountain Frame-W','CS','{Silver}','{38,40,42}',364.09,0.5440,'M','M','W',true,'2021-07-01',NULL,2.85,1,'FR-M63'),
 (52,12,'LL Mountain Frame','CS','{Black,Silver}','{42,44,48}',264.05,0.5460,'M','L','U',true,'2021-07-01',NULL,3.00,1,'FR-M21'),
 (53,13,'HL Mountain Pedal','P','{Silver/Black}','{}',80.99,0.4430,'M','H',NULL,false,'2021-07-01',NULL,185,0,'PD-M562'),
 (54,13,'ML Mountain Pedal','P','{Silver/Black}','{}',62.09,0.4450,'M','M',NULL,false,'2021-07-01',NULL,215,0,'PD-M340'),
 (55,13,'LL Mountain Pedal','P','{Silver/Black}','{}',40.49,0.4410,'M','L',NULL,false,'2021-07-01',NULL,218,0,'PD-M282'),
 (56,13,'HL Road Pedal','P','{Silver/Black}','{}',80.99,0.4440,'R','H',NULL,false,'2021-07-01',NULL,149,0,'PD-R853'),
 (57,13,'ML Road Pedal','P','{Silver/Black}','{}',62.09,0.4460,'R','M',NULL,false,'2021-07-01',NULL,168,0,'PD-R563'),
 (58,13,'LL Road Pedal','P','{Silver/Black}','{}',40.49,0.4420,'R','L',NULL,false,'2021-07-01',NULL,189,0,'PD-R347'),
 (59,13,'Touring Pedal','P','{Silver/Black}','{}',80.99,0.4450,'T','M',NULL,false,'2023-07-01',NULL,NULL,0,'PD-T852'),
 (60,14,'HL Road Frame','CS','{Red,Black}','{44,48,52,58}',1431.50,0.5430,'R','H','U',true,'2021-07-01',NULL,2.12,1,'FR-R92'),
 (61,14,'ML Road Frame-W','CS','{Yellow}','{38,40,42}',594.83,0.5450,'R','M','W',true,'2021-07-01',NULL,2.16,1,'FR-R72'),
 (62,14,'LL Road Frame','CS','{Red,Black}','{44,52,58}',337.22,0.5470,'R','L','U',true,'2021-07-01',NULL,2.24,1,'FR-R38'),
 (63,15,'HL Mountain Seat/Saddle','P','{NULL}','{}',52.64,0.4430,'M','H',NULL,false,'2021-07-01',NULL,NULL,0,'SE-M940'),
 (64,15,'ML Mountain Seat/Saddle','P','{NULL}','{}',39.14,0.4440,'M','M',NULL,false,'2021-07-01',NULL,NULL,0,'SE-M798'),
 (65,15,'LL Mountain Seat/Saddle','P','{NULL}','{}',27.12,0.4400,'M','L',NULL,false,'2021-07-01',NULL,NULL,0,'SE-M236'),
 (66,15,'HL Road Seat/Saddle','P','{NULL}','{}',52.64,0.4450,'R','H',NULL,false,'2021-07-01',NULL,NULL,0,'SE-R995'),
 (67,15,'ML Road Seat/Saddle','P','{NULL}','{}',39.14,0.4460,'R','M',NULL,false,'2021-07-01',NULL,NULL,0,'SE-R908'),
 (68,15,'LL Road Seat/Saddle','P','{NULL}','{}',27.12,0.4410,'R','L',NULL,false,'2021-07-01',NULL,NULL,0,'SE-R581'),
 (69,15,'HL Touring Seat/Saddle','P','{NULL}','{}',52.64,0.4470,'T','H',NULL,false,'2023-07-01',NULL,NULL,0,'SE-T924'),
 (70,15,'ML Touring Seat/Saddle','P','{NULL}','{}',39.14,0.4420,'T','M',NULL,false,'2023-07-01',NULL,NULL,0,'SE-T762'),
 (71,15,'LL Touring Seat/Saddle','P','{NULL}','{}',27.12,0.4390,'T','L',NULL,false,'2023-07-01',NULL,NULL,0,'SE-T312'),
 (72,16,'HL Touring Frame','CS','{Yellow,Blue}','{46,50,54,60}',1003.91,0.5410,'T','H','U',true,'2023-07-01',NULL,2.96,1,'FR-T98'),
 (73,16,'LL Touring Frame','CS','{Yellow,Blue}','{44,50,54,58}',333.42,0.5440,'T','L','U',true,'2023-07-01',NULL,3.08,1,'FR-T67'),
 (80,17,'HL Mountain Front Wheel','P','{Black}','{}',300.22,0.4440,'M','H',NULL,true,'2021-07-01',NULL,NULL,1,'FW-M928'),
 (81,17,'ML Mountain Front Wheel','P','{Black}','{}',209.03,0.4450,'M','M',NULL,true,'2021-07-01',NULL,NULL,1,'FW-M762'),
 (82,17,'LL Mountain Front Wheel','P','{Black}','{}',60.75,0.4420,'M','L',NULL,true,'2021-07-01',NULL,NULL,1,'FW-M423'),
 (83,17,'HL Road Front Wheel','P','{Black}','{}',330.06,0.4460,'R','H',NULL,true,'2021-07-01',NULL,650,1,'FW-R820'),
 (84,17,'ML Road Front Wheel','P','{Black}','{}',248.39,0.4470,'R','M',NULL,true,'2021-07-01',NULL,850,1,'FW-R762'),
 (85,17,'LL Road Front Wheel','P','{Black}','{}',85.57,0.4430,'R','L',NULL,true,'2021-07-01',NULL,900,1,'FW-R623'),
 (86,17,'Touring Front Wheel','P','{Black}','{}',218.01,0.4450,'T','M',NULL,true,'2023-07-01',NULL,NULL,1,'FW-T905'),
 (87,17,'HL Mountain Rear Wheel','P','{Black}','{}',327.22,0.4430,'M','H',NULL,true,'2021-07-01',NULL,NULL,1,'RW-M928'),
 (88,17,'ML Mountain Rear Wheel','P','{Black}','{}',236.03,0.4440,'M','M',NULL,true,'2021-07-01',NULL,NULL,1,'RW-M762'),
 (89,17,'LL Mountain Rear Wheel','P','{Black}','{}',87.75,0.4410,'M','L',NULL,true,'2021-07-01',NULL,NULL,1,'RW-M423'),
 (90,17,'HL Road Rear Wheel','P','{Black}','{}',357.06,0.4450,'R','H',NULL,true,'2021-07-01',NULL,890,1,'RW-R820'),
 (91,17,'ML Road Rear Wheel','P','{Black}','{}',275.39,0.4460,'R','M',NULL,true,'2021-07-01',NULL,1000,1,'RW-R762'),
 (92,17,'LL Road Rear Wheel','P','{Black}','{}',112.57,0.4420,'R','L',NULL,true,'2021-07-01',NULL,1050,1,'RW-R623'),
 (93,17,'Touring Rear Wheel','P','{Black}','{}',245.01,0.4440,'T','M',NULL,true,'2023-07-01',NULL,NULL,1,'RW-T905'),
 (100,18,'Men''s Bib-Shorts','S','{Multi}','{S,M,L}',89.99,0.3750,'S',NULL,'M',false,'2021-07-01',NULL,NULL,0,'SB-M891'),
 (101,19,'AWC Logo Cap','P','{Multi}','{}',8.99,0.7470,'S',NULL,'U',false,'2021-07-01',NULL,NULL,0,'CA-1098'),
 (102,20,'Half-Finger Gloves','S','{Black}','{S,M,L}',24.49,0.3840,'S',NULL,'U',false,'2021-07-01',NULL,NULL,0,'GL-H102'),
 (103,20,'Full-Finger Gloves','S','{Black}','{S,M,L}',37.99,0.3970,'M',NULL,'U',false,'2021-07-01',NULL,NULL,0,'GL-F110'),
 (104,21,'Long-Sleeve Logo Jersey','S','{Multi}','{S,M,L,XL}',49.99,0.7660,'S',NULL,'U',false,'2021-07-01',NULL,NULL,0,'LJ-0192'),
 (105,21,'Short-Sleeve Classic Jersey','S','{Yellow}','{S,M,L,XL}',53.99,0.7680,'S',NULL,'U',false,'2022-07-01',NULL,NULL,0,'SJ-0194'),
 (106,22,'Men''s Sports Shorts','S','{Black}','{S,M,L,XL}',59.99,0.4170,'S',NULL,'M',false,'2021-07-01',NULL,NULL,0,'SH-M897'),
 (107,22,'Women''s Mountain Shorts','S','{Black}','{S,M,L}',69.99,0.3720,'M',NULL,'W',false,'2022-07-01',NULL,NULL,0,'SH-W890'),
 (108,23,'Mountain Bike Socks','S','{White}','{M,L}',9.50,0.3580,'M',NULL,'U',false,'2021-07-01','2023-06-30',NULL,0,'SO-B909'),
 (109,23,'Racing Socks','S','{White}','{M,L}',8.99,0.3740,'R',NULL,'U',false,'2022-07-01',NULL,NULL,0,'SO-R809'),
 (110,24,'Women''s Tights','S','{Black}','{S,M,L}',74.99,0.4140,'S',NULL,'W',false,'2021-07-01','2023-12-31',NULL,0,'TG-W091'),
 (111,25,'Classic Vest','S','{Blue}','{S,M,L}',63.50,0.3770,'S',NULL,'U',false,'2023-07-01',NULL,NULL,0,'VE-C304'),
 (120,26,'Hitch Rack - 4-Bike','P','{NULL}','{}',120.00,0.3670,'S',NULL,NULL,false,'2022-07-01',NULL,NULL,0,'RA-H123'),
 (121,27,'All-Purpose Bike Stand','P','{NULL}','{}',159.00,0.3730,'M',NULL,NULL,false,'2022-07-01',NULL,NULL,0,'ST-1401'),
 (122,28,'Water Bottle - 30 oz.','P','{NULL}','{}',4.99,0.3740,'S',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'WB-H098'),
 (123,28,'Mountain Bottle Cage','P','{NULL}','{}',9.99,0.3750,'M',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'BC-M005'),
 (124,28,'Road Bottle Cage','P','{NULL}','{}',8.99,0.3720,'R',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'BC-R205'),
 (125,29,'Bike Wash - Dissolver','P','{NULL}','{}',7.95,0.3760,'S',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'CL-9009'),
 (126,30,'Fender Set - Mountain','P','{NULL}','{}',21.98,0.3740,'M',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'FE-6654'),
 (127,31,'Sport-100 Helmet','C','{Red,Black,Blue}','{}',34.99,0.3740,'S',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'HL-U509'),
 (128,32,'Hydration Pack - 70 oz.','P','{Silver}','{}',54.99,0.3760,'S',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'HY-1023'),
 (129,33,'Headlights - Dual-Beam','P','{NULL}','{}',34.99,0.3710,'R',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'LT-H902'),
 (130,33,'Headlights - Weatherproof','P','{NULL}','{}',44.99,0.3730,'R',NULL,NULL,false,'2024-01-01',NULL,NULL,0,'LT-H903'),
 (131,33,'Taillights - Battery-Powered','P','{NULL}','{}',13.99,0.3720,'R',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'LT-T990'),
 (132,34,'Cable Lock','P','{NULL}','{}',25.00,0.4100,'S',NULL,NULL,false,'2021-07-01','2024-06-30',NULL,0,'LO-C100'),
 (133,35,'Touring-Panniers, Large','P','{Grey}','{}',125.00,0.4200,'T',NULL,NULL,false,'2023-07-01',NULL,NULL,0,'PA-T100'),
 (134,36,'Minipump','P','{NULL}','{}',19.99,0.4100,'S',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'PU-0452'),
 (135,36,'Mountain Pump','P','{NULL}','{}',24.99,0.4080,'M',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'PU-M044'),
 (136,37,'HL Mountain Tire','P','{NULL}','{}',35.00,0.3740,'M',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TI-M823'),
 (137,37,'ML Mountain Tire','P','{NULL}','{}',29.99,0.3750,'M',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TI-M602'),
 (138,37,'LL Mountain Tire','P','{NULL}','{}',24.99,0.3720,'M',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TI-M267'),
 (139,37,'HL Road Tire','P','{NULL}','{}',32.60,0.3740,'R',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TI-R982'),
 (140,37,'ML Road Tire','P','{NULL}','{}',24.99,0.3750,'R',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TI-R628'),
 (141,37,'LL Road Tire','P','{NULL}','{}',21.49,0.3720,'R',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TI-R092'),
 (142,37,'Touring Tire','P','{NULL}','{}',28.99,0.3740,'T',NULL,NULL,false,'2023-07-01',NULL,NULL,0,'TI-T723'),
 (143,37,'Mountain Tire Tube','P','{NULL}','{}',4.99,0.3750,'M',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TT-M928'),
 (144,37,'Road Tire Tube','P','{NULL}','{}',3.99,0.3730,'R',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'TT-R982'),
 (145,37,'Touring Tire Tube','P','{NULL}','{}',4.99,0.3740,'T',NULL,NULL,false,'2023-07-01',NULL,NULL,0,'TT-T092'),
 (146,37,'Patch Kit/8 Patches','P','{NULL}','{}',2.29,0.3750,'S',NULL,NULL,false,'2021-07-01',NULL,NULL,0,'PK-7098');

CREATE TEMP TABLE t_prod AS
SELECT 679 + row_number() OVER (ORDER BY m.mno, c.ci, s.si) AS pid,
       m.*, c.color, c.ci, s.size, s.si
FROM t_model m
CROSS JOIN LATERAL unnest(m.colors) WITH ORDINALITY AS c(color, ci)
CROSS JOIN LATERAL unnest(CASE WHEN cardinality(m.sizes) = 0 THEN ARRAY[NULL::text] ELSE m.sizes END) WITH ORDINALITY AS s(size, si);

INSERT INTO production."Product" ("ProductID","Name","ProductNumber","MakeFlag","FinishedGoodsFlag","Color",
  "SafetyStockLevel","ReorderPoint","StandardCost","ListPrice","Size","SizeUnitMeasureCode","WeightUnitMeasureCode",
  "Weight","DaysToManufacture","ProductLine","Class","Style","ProductSubcategoryID","SellStartDate","SellEndDate",
  "DiscontinuedDate","rowguid","ModifiedDate")
SELECT p.pid,
       CASE p.ns WHEN 'CS' THEN p.base || ' ' || p.color || ', ' || p.size
                 WHEN 'S'  THEN p.base || ', ' || p.size
                 WHEN 'C'  THEN p.base || ', ' || p.color
                 ELSE p.base END,
       p.code || CASE WHEN p.ns = 'CS' THEN upper(left(p.color, 1)) WHEN p.ns = 'C' THEN '-' || CASE p.color WHEN 'Black' THEN 'BK' WHEN 'Blue' THEN 'BU' ELSE upper(left(p.color, 1)) END ELSE '' END
              || CASE WHEN p.size IS NOT NULL THEN '-' || p.size ELSE '' END,
       p.make, true, p.color,
       CASE WHEN sc."ProductCategoryID" = 1 THEN 100 WHEN sc."ProductCategoryID" = 2 THEN 500 ELSE 4 END,
       CASE WHEN sc."ProductCategoryID" = 1 THEN 75 WHEN sc."ProductCategoryID" = 2 THEN 375 ELSE 3 END,
       round(p.price * (p.cost_ratio + 0.004 * (p.si - 1) - 0.003 * (p.ci - 1)), 4),
       p.price, p.size,
       CASE WHEN p.size ~ '^[0-9]+$' THEN 'CM' END,
       CASE WHEN p.weight IS NULL THEN NULL WHEN sc."ProductCategoryID" = 1 OR p.weight < 10 THEN 'LB' ELSE 'G' END,
       CASE WHEN p.weight IS NULL THEN NULL WHEN p.weight < 40 THEN p.weight + 0.18 * (p.si - 1) ELSE p.weight END,
       p.dtm, p.pline, p.cls, p.style, p.sub,
       p.sstart,
       CASE WHEN p.base = 'Mountain-500' AND p.color = 'Silver' THEN date '2025-06-30' ELSE p.send END,
       NULL,
       pg_temp.guid('prod' || p.pid),
       p.sstart + interval '10 days'
FROM t_prod p JOIN production."ProductSubcategory" sc ON sc."ProductSubcategoryID" = p.sub;

-- non-salable parts (no subcategory, list price 0) - product IDs 1..40
INSERT INTO production."Product" ("ProductID","Name","ProductNumber","MakeFlag","FinishedGoodsFlag","Color",
  "SafetyStockLevel","ReorderPoint","StandardCost","ListPrice","Size","SizeUnitMeasureCode","WeightUnitMeasureCode",
  "Weight","DaysToManufacture","ProductLine","Class","Style","ProductSubcategoryID","SellStartDate","SellEndDate",
  "DiscontinuedDate","rowguid","ModifiedDate")
SELECT o, n,
       upper(substr(regexp_replace(n, '[^A-Za-z]', '', 'g'), 1, 2)) || '-' || (1000 + (o * 7919) % 9000)::text,
       (o % 3 = 0), false,
       CASE WHEN o IN (6, 21, 27) THEN 'Black' WHEN o IN (12, 33) THEN 'Silver' END,
       CASE WHEN o % 2 = 0 THEN 1000 ELSE 800 END, CASE WHEN o % 2 = 0 THEN 750 ELSE 600 END,
       0, 0, NULL, NULL, NULL, NULL, CASE WHEN o % 3 = 0 THEN 1 ELSE 0 END, NULL, NULL, NULL, NULL,
       timestamp '2021-07-01', NULL, NULL, pg_temp.guid('part' || o), timestamp '2021-06-20'
FROM unnest(ARRAY['Adjustable Race','Bearing Ball','BB Ball Bearing','Headset Ball Bearings','Blade','LL Crankarm',
  'ML Crankarm','HL Crankarm','Chainring Bolts','Chainring Nut','Chainring','Crown Race','Chain Stays','Decal 1',
  'Decal 2','Down Tube','Mountain End Caps','Road End Caps','Touring End Caps','Fork End','Freewheel','Flat Washer 1',
  'Flat Washer 2','Lock Washer 1','Lock Washer 2','Hex Nut 1','Hex Nut 2','Thin-Jam Hex Nut 1','Metal Plate 1',
  'Guide Pulley','Head Tube','Seat Stays','Seat Tube','Top Tube','Tension Pulley','Rear Derailleur Cage',
  'Lock Ring','Keyed Washer','Cup-Shaped Race','Cone-Shaped Race']) WITH ORDINALITY AS v(n, o);

INSERT INTO production."ProductInventory" ("ProductID","LocationID","Shelf","Bin","Quantity","rowguid","ModifiedDate")
SELECT p."ProductID", l.loc,
       chr(65 + (p."ProductID" * 7 + l.loc) % 26),
       ((p."ProductID" * 13 + l.loc) % 60)::smallint,
       CASE WHEN pg_temp.rnd('inv0/' || p."ProductID" || '/' || l.loc) < l.zero_p THEN 0
            ELSE 5 + floor(pg_temp.rnd('inv/' || p."ProductID" || '/' || l.loc) * l.maxq)::int END,
       pg_temp.guid('inv' || p."ProductID" || '/' || l.loc),
       timestamp '2025-06-28' - (p."ProductID" % 17) * interval '1 day'
FROM production."Product" p
LEFT JOIN production."ProductSubcategory" sc ON sc."ProductSubcategoryID" = p."ProductSubcategoryID"
CROSS JOIN LATERAL (VALUES
   (CASE WHEN NOT p."FinishedGoodsFlag" THEN 1 + (p."ProductID" % 2) * 4 ELSE 7 END, 0.10::float8, 400),
   (CASE WHEN NOT p."FinishedGoodsFlag" THEN 6 WHEN sc."ProductCategoryID" = 1 THEN 60
         WHEN sc."ProductCategoryID" = 2 THEN 50 END, 0.45::float8, 120)) AS l(loc, zero_p, maxq)
WHERE l.loc IS NOT NULL;

-- special offers
INSERT INTO sales."SpecialOffer" ("SpecialOfferID","Description","DiscountPct","Type","Category","StartDate","EndDate","MinQty","MaxQty","rowguid","ModifiedDate")
SELECT id, d, pct, ty, cat, s, e, mn, mx, pg_temp.guid('so' || id), s - interval '14 days' FROM (VALUES
 ( 1,'No Discount',0.00,'No Discount','No Discount',timestamp '2021-07-01',timestamp '2026-12-31',0,NULL),
 ( 2,'Volume Discount 11 to 14',0.02,'Volume Discount','Reseller','2021-07-01','2026-06-30',11,14),
 ( 3,'Volume Discount 15 to 24',0.05,'Volume Discount','Reseller','2021-07-01','2026-06-30',15,24),
 ( 4,'Volume Discount 25 to 40',0.10,'Volume Discount','Reseller','2021-07-01','2026-06-30',25,40),
 ( 5,'Volume Discount 41 to 60',0.15,'Volume Discount','Reseller','2021-07-01','2026-06-30',41,60),
 ( 6,'Volume Discount over 60',0.20,'Volume Discount','Reseller','2021-07-01','2026-06-30',61,NULL),
 ( 7,'Mountain-100 Clearance Sale',0.35,'Discontinued Product','Reseller','2024-04-01','2024-06-30',0,NULL),
 ( 8,'Sport Helmet Discount-2023',0.10,'Seasonal Discount','Reseller','2023-05-01','2023-08-31',0,NULL),
 ( 9,'Road-650 Overstock',0.30,'Excess Inventory','Reseller','2023-09-01','2023-12-31',0,NULL),
 (10,'Mountain Tire Sale',0.50,'Excess Inventory','Customer','2024-06-01','2024-07-31',0,NULL),
 (11,'Sport Helmet Discount-2024',0.15,'Seasonal Discount','Reseller','2024-05-01','2024-08-31',0,NULL),
 (12,'LL Road Frame Sale',0.35,'Excess Inventory','Reseller','2024-01-01','2024-03-31',0,NULL),
 (13,'Touring-3000 Promotion',0.15,'New Product','Reseller','2023-07-01','2023-10-31',0,NULL),
 (14,'Touring-1000 Promotion',0.20,'New Product','Reseller','2023-07-01','2023-10-31',0,NULL),
 (15,'Half-Price Pedal Sale',0.50,'Seasonal Discount','Reseller','2025-03-01','2025-04-30',0,NULL),
 (16,'Mountain-500 Silver Clearance Sale',0.40,'Discontinued Product','Reseller','2025-05-01','2025-06-30',0,NULL),
 (17,'Summer Clothing Sale',0.20,'Seasonal Discount','Customer','2025-06-01','2025-06-30',0,NULL)
) v(id,d,pct,ty,cat,s,e,mn,mx);

CREATE TEMP TABLE t_promo AS
SELECT o.id AS offer_id, p."ProductID" AS pid
FROM (VALUES (7,'^Mountain-100 '), (8,'^Sport-100 Helmet'), (9,'^Road-650 '), (10,'^(HL|ML|LL) Mountain Tire$'),
             (11,'^Sport-100 Helmet'), (12,'^LL Road Frame '), (13,'^Touring-3000 '), (14,'^Touring-1000 '),
             (15,'Pedal$'), (16,'^Mountain-500 Silver'),
             (17,'^(Long-Sleeve Logo Jersey|Short-Sleeve Classic Jersey|Men''s Sports Shorts|Women''s Mountain Shorts|Classic Vest)')) o(id, re)
JOIN production."Product" p ON p."Name" ~ o.re;

INSERT INTO sales."SpecialOfferProduct" ("SpecialOfferID","ProductID","rowguid","ModifiedDate")
SELECT s.id, p."ProductID", pg_temp.guid('sop' || s.id || '/' || p."ProductID"), greatest(p."SellStartDate", timestamp '2021-07-01')
FROM production."Product" p CROSS JOIN generate_series(1, 6) s(id)
WHERE p."FinishedGoodsFlag"
UNION ALL
SELECT t.offer_id, t.pid, pg_temp.guid('sop' || t.offer_id || '/' || t.pid), o."StartDate" - interval '14 days'
FROM t_promo t JOIN sales."SpecialOffer" o ON o."SpecialOfferID" = t.offer_id;

-- ---- people -----------------------------------------------------------
-- employees 1..82 (41..58 are sales people)
CREATE TEMP TABLE t_emp (id int, fn text, mn text, ln text, title text, dept int, shift int, g char(1), ms char(1),
  birth date, hire date, salaried boolean, vac int, sick int, cur boolean, rate numeric, terr int);
INSERT INTO t_emp VALUES
 ( 1,'Ken','J','Sánchez','Chief Executive Officer',16,1,'M','S','1969-01-29','2009-01-14',true,99,69,true,125.50,NULL),
 ( 2,'Terri','Lee','Duffy','Vice President of Engineering',1,1,'F','S','1971-08-01','2008-01-31',true,1,20,true,63.46,NULL),
 ( 3,'Roberto',NULL,'Tamburello','Engineering Manager',1,1,'M','M','1974-11-12','2007-11-11',true,2,21,true,43.27,NULL),
 ( 4,'Rob',NULL,'Walters','Senior Tool Designer',2,1,'M','S','1974-12-23','2007-12-05',false,48,80,true,29.85,NULL),
 ( 5,'Gail','A','Erickson','Design Engineer',1,1,'F','M','1962-09-27','2008-01-06',true,5,22,true,32.69,NULL),
 ( 6,'Jossef','H','Goldberg','Design Engineer',1,1,'M','M','1959-04-08','2008-01-24',true,6,23,true,33.15,NULL),
 ( 7,'Dylan','A','Miller','Research and Development Manager',6,1,'M','M','1976-03-27','2009-02-08',true,61,50,true,50.48,NULL),
 ( 8,'Diane','L','Margheim','Research and Development Engineer',6,1,'F','S','1976-06-05','2008-12-29',true,62,51,true,40.87,NULL),
 ( 9,'Gigi','N','Matthew','Research and Development Engineer',6,1,'F','M','1969-01-21','2009-01-16',true,63,51,true,41.20,NULL),
 (10,'Michael',NULL,'Raheem','Research and Development Manager',6,1,'M','M','1977-11-30','2009-05-03',true,16,64,true,42.48,NULL),
 (11,'Ovidiu','V','Cracium','Senior Tool Designer',2,1,'M','S','1978-01-17','2010-12-05',false,7,23,true,28.85,NULL),
 (12,'Thierry','B','D''Hers','Tool Designer',2,1,'M','M','1959-07-29','2007-12-11',false,9,24,true,25.00,NULL),
 (13,'Janice','M','Galvin','Tool Designer',2,1,'F','M','1989-05-28','2010-12-23',false,8,24,true,25.35,NULL),
 (14,'Michael','I','Sullivan','Senior Design Engineer',1,1,'M','S','1979-06-16','2010-12-30',true,3,21,false,36.06,NULL),
 (15,'Sharon','B','Salavaria','Research and Development Engineer',6,1,'F','M','1961-05-02','2011-01-18',true,4,22,true,38.40,NULL),
 (16,'David','M','Bradley','Marketing Manager',4,1,'M','S','1974-12-23','2007-12-20',true,40,40,true,37.50,NULL),
 (17,'Kevin','F','Brown','Marketing Assistant',4,1,'M','S','1987-02-11','2007-01-26',false,42,41,true,13.46,NULL),
 (18,'John','L','Wood','Marketing Specialist',4,1,'M','S','1978-01-23','2011-02-07',false,48,44,true,18.27,NULL),
 (19,'Mary','A','Dempsey','Marketing Assistant',4,1,'F','M','1978-09-29','2011-02-14',false,43,41,true,13.90,NULL),
 (20,'Wanida','M','Benshoof','Marketing Assistant',4,1,'F','M','1985-03-09','2011-01-07',false,41,40,true,14.10,NULL),
 (21,'Terry','J','Eminhizer','Marketing Specialist',4,1,'M','M','1976-06-12','2009-03-02',false,47,43,true,18.60,NULL),
 (22,'Sariya','E','Harnpadoungsataya','Marketing Specialist',4,1,'M','S','1979-11-05','2008-12-12',false,45,42,true,18.95,NULL),
 (23,'Mary','E','Gibson','Marketing Specialist',4,1,'F','S','1989-05-06','2009-01-11',false,46,43,true,19.10,NULL),
 (24,'Jill','A','Williams','Marketing Specialist',4,1,'F','M','1989-01-24','2009-02-02',false,44,42,true,19.30,NULL),
 (25,'James','R','Hamilton','Vice President of Production',7,1,'M','S','1983-02-07','2009-02-03',true,64,52,true,84.13,NULL),
 (26,'Peter','J','Krebs','Production Control Manager',8,1,'M','M','1986-01-07','2008-12-07',true,43,41,true,24.04,NULL),
 (27,'Jo','A','Brown','Production Supervisor - WC60',7,1,'F','S','1979-07-27','2008-02-27',false,80,60,true,25.00,NULL),
 (28,'Guy','R','Gilbert','Production Technician - WC60',7,1,'M','M','1981-11-12','2006-07-31',false,21,30,true,12.45,NULL),
 (29,'Mark','K','McArthur','Production Technician - WC60',7,1,'M','S','1987-02-18','2009-01-30',false,24,32,true,12.60,NULL),
 (30,'Britta','L','Simon','Production Technician - WC60',7,2,'F','S','1988-04-22','2010-01-17',false,27,33,true,12.75,NULL),
 (31,'Margie','W','Shoop','Production Technician - WC40',7,2,'F','M','1984-08-14','2010-01-04',false,10,25,true,10.25,NULL),
 (32,'Rebecca','A','Laszlo','Production Technician - WC40',7,2,'F','S','1991-03-30','2010-02-12',false,11,25,true,10.40,NULL),
 (33,'Annik','O','Stahl','Production Technician - WC30',7,3,'M','M','1982-12-02','2010-02-22',false,13,26,true,10.10,NULL),
 (34,'Suchitra','O','Mohan','Production Technician - WC30',7,3,'F','M','1985-10-11','2010-03-08',false,12,26,true,10.05,NULL),
 (35,'Brandon','G','Heidepriem','Production Technician - WC50',7,1,'M','S','1990-06-19','2011-01-10',false,84,62,true,11.00,NULL),
 (36,'Jose','R','Lugo','Production Technician - WC50',7,2,'M','M','1980-09-03','2011-01-20',false,85,62,true,11.20,NULL),
 (37,'Chris','O','Okelberry','Production Technician - WC45',7,3,'M','S','1983-04-15','2010-04-04',false,96,68,false,9.25,NULL),
 (38,'Kim','B','Abercrombie','Production Technician - WC45',7,3,'F','S','1992-02-26','2012-03-05',false,95,67,true,9.40,NULL),
 (39,'Ed','R','Dudenhoefer','Production Technician - WC45',7,1,'M','M','1978-07-08','2012-03-12',false,94,67,true,9.55,NULL),
 (40,'JoLynn','M','Dobney','Production Supervisor - WC60',7,2,'F','S','1981-05-17','2011-05-23',false,82,61,true,25.50,NULL),
 (41,'Stephen','Y','Jiang','North American Sales Manager',3,1,'M','S','1975-03-01','2011-02-04',true,14,27,true,48.10,NULL),
 (42,'Amy','E','Alberts','European Sales Manager',3,1,'F','M','1967-02-10','2012-04-16',true,22,31,true,48.35,NULL),
 (43,'Syed','E','Abbas','Pacific Sales Manager',3,1,'M','M','1985-02-04','2013-03-14',true,19,29,true,48.60,NULL),
 (44,'Michael','G','Blythe','Sales Representative',3,1,'M','S','1977-02-04','2011-07-01',true,24,32,true,23.08,2),
 (45,'Linda','C','Mitchell','Sales Representative',3,1,'F','M','1980-02-27','2011-07-01',true,26,33,true,23.20,4),
 (46,'Jillian',NULL,'Carson','Sales Representative',3,1,'F','S','1982-08-30','2011-07-01',true,25,32,true,23.35,3),
 (47,'Garrett','R','Vargas','Sales Representative',3,1,'M','M','1985-02-18','2011-07-01',true,33,36,true,23.50,6),
 (48,'Tsvi','Michael','Reiter','Sales Representative',3,1,'M','M','1984-01-18','2011-07-01',true,27,33,true,23.65,5),
 (49,'Pamela','O','Ansman-Wolfe','Sales Representative',3,1,'F','S','1974-05-03','2011-07-01',true,31,35,true,23.80,1),
 (50,'Shu','K','Ito','Sales Representative',3,1,'M','M','1984-11-04','2011-07-01',true,29,34,true,23.95,4),
 (51,'José','Edvaldo','Saraiva','Sales Representative',3,1,'M','S','1982-03-08','2012-05-30',true,35,37,true,24.10,6),
 (52,'David','R','Campbell','Sales Representative',3,1,'M','M','1984-09-21','2011-07-01',true,28,34,true,24.25,1),
 (53,'Tete','A','Mensa-Annan','Sales Representative',3,1,'M','S','1988-10-08','2012-09-30',true,36,38,true,24.40,2),
 (54,'Lynn','N','Tsoflias','Sales Representative',3,1,'F','M','1987-07-22','2013-05-30',true,37,38,true,24.55,9),
 (55,'Rachel','B','Valdez','Sales Representative',3,1,'F','S','1985-03-17','2013-05-30',true,34,37,true,24.70,8),
 (56,'Jae','B','Pak','Sales Representative',3,1,'F','M','1975-12-18','2013-05-30',true,38,39,true,24.85,10),
 (57,'Ranjit','R','Varkey Chudukatil','Sales Representative',3,1,'M','M','1977-09-12','2012-12-15',true,30,35,true,25.00,7),
 (58,'Hannah','J','Whitfield','Sales Representative',3,1,'F','S','1990-04-23','2019-03-18',true,18,28,true,22.50,9),
 (59,'Brian','S','Welcker','Vice President of Sales',3,1,'M','M','1977-06-10','2011-02-15',true,10,25,true,72.12,NULL),
 (60,'Laura','F','Norman','Chief Financial Officer',16,1,'F','M','1971-11-28','2009-01-31',true,0,20,true,60.10,NULL),
 (61,'David','M','Liu','Accounts Manager',10,1,'M','M','1986-03-13','2009-03-11',true,57,48,true,34.73,NULL),
 (62,'Deborah','E','Poe','Accounts Receivable Specialist',10,1,'F','M','1977-06-30','2009-01-19',false,55,47,true,19.00,NULL),
 (63,'Candy','L','Spoon','Accounts Receivable Specialist',10,1,'F','S','1972-12-02','2009-02-07',false,53,46,true,19.25,NULL),
 (64,'Paula','M','Barreto de Mattos','Human Resources Manager',9,1,'F','M','1970-04-11','2008-01-07',true,54,47,true,27.16,NULL),
 (65,'Willis','T','Johnson','Recruiter',9,1,'M','S','1990-01-06','2023-03-13',false,20,30,true,18.50,NULL),
 (66,'Jean','E','Trenary','Information Services Manager',11,1,'F','S','1975-03-14','2008-12-02',true,65,52,true,50.48,NULL),
 (67,'Dan','K','Bacon','Application Specialist',11,1,'M','M','1991-07-02','2024-02-05',true,12,20,true,27.40,NULL),
 (68,'Stephanie','A','Conroy','Network Manager',11,1,'F','S','1985-05-09','2009-01-14',true,66,53,true,39.66,NULL),
 (69,'Zainal','T','Arifin','Document Control Manager',12,1,'M','M','1980-02-06','2009-01-04',true,77,58,true,17.79,NULL),
 (70,'Tengiz','N','Kharatishvili','Control Specialist',12,1,'M','S','1984-09-18','2009-01-30',false,90,65,true,16.80,NULL),
 (71,'Sootha','T','Charncherngkha','Quality Assurance Technician',13,1,'M','M','1978-05-22','2009-01-09',false,87,63,true,10.58,NULL),
 (72,'Sandeep','P','Katyal','Quality Assurance Technician',13,2,'M','S','1993-07-14','2022-08-15',false,23,31,true,10.90,NULL),
 (73,'Andreas','T','Berglund','Quality Assurance Supervisor',13,1,'M','M','1979-01-28','2009-02-01',true,88,64,true,28.85,NULL),
 (74,'Jinghao','K','Liu','Facilities Manager',14,1,'M','M','1985-02-19','2009-01-22',true,72,56,true,24.04,NULL),
 (75,'Stuart','V','Macrae','Janitor',14,3,'M','S','1988-07-15','2023-11-20',false,17,28,true,9.75,NULL),
 (76,'A. Scott',NULL,'Wright','Master Scheduler',8,1,'M','M','1977-10-17','2009-01-05',true,44,42,true,23.56,NULL),
 (77,'Arvind','B','Rao','Buyer',5,1,'M','M','1979-07-13','2010-01-11',false,52,46,true,18.81,NULL),
 (78,'Eric',NULL,'Kurjan','Buyer',5,1,'M','M','1983-09-02','2010-01-24',false,51,45,true,18.50,NULL),
 (79,'Linda','A','Meisner','Buyer',5,1,'F','S','1988-12-24','2010-02-02',false,56,48,true,18.25,NULL),
 (80,'Fukiko','J','Ogisu','Buyer',5,1,'M','S','1982-06-11','2010-02-19',false,58,49,true,18.95,NULL),
 (81,'Lori','A','Kane','Shipping and Receiving Supervisor',15,1,'F','M','1980-11-07','2010-01-07',false,86,63,true,14.42,NULL),
 (82,'Mikael','Q','Sandberg','Shipping and Receiving Clerk',15,2,'M','S','1995-04-02','2024-09-09',false,8,15,true,10.15,NULL);

-- department history: explicit rows for transfers / leavers, one open row for everybody else
CREATE TEMP TABLE t_edh (id int, dept int, shift int, sdate date, edate date);
INSERT INTO t_edh VALUES
 ( 6, 6,1,'2008-01-24','2021-06-30'), ( 6, 1,1,'2021-07-01',NULL),
 (12, 1,1,'2007-12-11','2022-02-28'), (12, 2,1,'2022-03-01',NULL),
 (14, 1,1,'2010-12-30','2025-02-28'),
 (15, 1,1,'2011-01-18','2023-08-31'), (15, 6,1,'2023-09-01',NULL),
 (19, 3,1,'2011-02-14','2020-05-31'), (19, 4,1,'2020-06-01',NULL),
 (26, 7,1,'2008-12-07','2019-12-31'), (26, 8,1,'2020-01-01',NULL),
 (30, 7,1,'2010-01-17','2023-05-31'), (30, 7,2,'2023-06-01',NULL),
 (37, 7,3,'2010-04-04','2024-11-30'),
 (62,15,1,'2009-01-19','2022-10-31'), (62,10,1,'2022-11-01',NULL),
 (68, 1,1,'2009-01-14','2024-01-31'), (68,11,1,'2024-02-01',NULL),
 (77, 7,1,'2010-01-11','2021-03-31'), (77, 5,1,'2021-04-01',NULL);
INSERT INTO t_edh SELECT id, dept, shift, hire, NULL FROM t_emp e WHERE NOT EXISTS (SELECT 1 FROM t_edh h WHERE h.id = e.id);

-- stores 83..282 (customers 1..200), individual customers 283..2082 (customers 11000..12799),
-- other contacts 2083..2122 (not customers)
CREATE TEMP TABLE t_store AS
WITH s AS (SELECT g AS s, (g * 73) % 200 AS nidx FROM generate_series(0, 199) g)
SELECT s.s, 83 + s.s AS beid, 1 + s.s AS cust_id,
       (ARRAY['Alpine','Metro','Urban','Coastal','Summit','Valley','Riverside','Central','Premier','Pioneer',
              'Golden','Northern','Eastside','Westside','Liberty','Trailhead','Velocity','Granite','Harbor','Sunset'])[1 + s.nidx % 20]
       || ' ' ||
       (ARRAY['Bike Store','Cycles','Cycle Shop','Bicycle Company','Sports','Outfitters','Bike Works','Wheels',
              'Sporting Goods','Bike Supply'])[1 + s.nidx / 20] AS name,
       44 + floor(pg_temp.rnd('store-sp/' || s.s) * 15)::int AS sp
FROM s;
ALTER TABLE t_store ADD COLUMN terr int;
UPDATE t_store t SET terr = e.terr FROM t_emp e WHERE e.id = t.sp;

CREATE TEMP TABLE t_ind AS
SELECT i, 283 + i AS beid, 11000 + i AS cust_id,
       (ARRAY['Aaron','Abigail','Adam','Alexandra','Alicia','Andrew','Angela','Anthony','Ashley','Benjamin',
              'Brianna','Caleb','Carlos','Catherine','Chloe','Christopher','Clara','Daniel','Destiny','Dominic',
              'Edward','Elena','Elijah','Emma','Ethan','Fernando','Gabriel','Grace','Hailey','Isabella',
              'Jacob','Jasmine','Jonathan','Julia','Kaitlyn','Lucas','Luis','Marcus','Megan','Miguel',
              'Natalie','Nathan','Olivia','Pedro','Rachel','Samantha','Sebastian','Sophia','Victoria','Xavier'])[1 + i % 50] AS fn,
       (ARRAY['Adams','Alexander','Allen','Alvarez','Bailey','Baker','Bell','Brooks','Butler','Campbell',
              'Carter','Chen','Collins','Cook','Cooper','Diaz','Edwards','Evans','Fernandez','Flores',
              'Foster','Garcia','Gonzalez','Gray','Green','Griffin','Hall','Harris','Hayes','Henderson',
              'Hernandez','Hill','Huang','Hughes','Jenkins','Kelly','Kumar','Lee','Lewis','Li',
              'Lopez','Martin','Martinez','Mitchell','Moore','Morgan','Murphy','Nelson','Parker','Patterson',
              'Perez','Powell','Price','Ramirez','Reed','Richardson','Rivera','Roberts','Russell','Sanders'])[1 + ((i / 50) * 7 + (i % 50) * 11) % 60] AS ln,
       substr('ABCDEFGHJKLMNPRSTW', 1 + (i * 5) % 18, 1) AS mn,
       pg_temp.rnd('ind-terr/' || i) AS tu
FROM generate_series(0, 1799) i;
ALTER TABLE t_ind ADD COLUMN terr int;
UPDATE t_ind SET terr = CASE WHEN tu < 0.12 THEN 1 WHEN tu < 0.18 THEN 2 WHEN tu < 0.23 THEN 3 WHEN tu < 0.38 THEN 4
                             WHEN tu < 0.44 THEN 5 WHEN tu < 0.54 THEN 6 WHEN tu < 0.63 THEN 7 WHEN tu < 0.71 THEN 8
                             WHEN tu < 0.89 THEN 9 ELSE 10 END;

INSERT INTO person."BusinessEntity" ("BusinessEntityID","rowguid","ModifiedDate")
SELECT g, pg_temp.guid('be' || g), timestamp '2017-01-01' + (g % 1500) * interval '1 day'
FROM generate_series(1, 2122) g;

INSERT INTO person."Person" ("BusinessEntityID","PersonType","NameStyle","Title","FirstName","MiddleName","LastName","Suffix","EmailPromotion","rowguid","ModifiedDate")
SELECT id, CASE WHEN id BETWEEN 41 AND 58 THEN 'SP' ELSE 'EM' END, false, NULL, fn, mn, ln, NULL,
       (id % 3), pg_temp.guid('person' || id), hire + interval '1 day'
FROM t_emp
UNION ALL
SELECT beid, 'IN', false,
       CASE WHEN pg_temp.rnd('title/' || i) < 0.08 THEN CASE WHEN i % 2 = 0 THEN 'Mr.' ELSE 'Ms.' END END,
       fn, mn, ln, CASE WHEN i % 97 = 5 THEN 'Jr.' END,
       CASE WHEN pg_temp.rnd('ep/' || i) < 0.55 THEN 0 WHEN pg_temp.rnd('ep/' || i) < 0.85 THEN 1 ELSE 2 END,
       pg_temp.guid('person' || beid), timestamp '2021-01-01' + (i % 480) * interval '1 day'
FROM t_ind
UNION ALL
SELECT 2083 + g, CASE WHEN g < 25 THEN 'VC' ELSE 'GC' END, false, NULL,
       (ARRAY['Ahmed','Bettina','Colin','Dorothy','Esteban','Fiona','Gunnar','Helga','Ivan','Jun'])[1 + g % 10],
       NULL,
       (ARRAY['Okafor','Lindgren','Moreau','Tanaka','Kowalski','Novak'])[1 + (g / 10 + g) % 6], NULL, 0,
       pg_temp.guid('person' || (2083 + g)), timestamp '2020-03-01' + g * interval '9 days'
FROM generate_series(0, 39) g;

-- addresses: employees 1..82 -> address 1..82; stores -> 83..282; individuals -> 283..2082 (same as their BusinessEntityID)
CREATE TEMP TABLE t_addr_src AS
SELECT id AS beid, COALESCE(terr, 1) AS terr, CASE WHEN terr IS NULL THEN 1 ELSE NULL END AS force_prov, 2 AS atype FROM t_emp
UNION ALL SELECT beid, terr, NULL, 3 FROM t_store
UNION ALL SELECT beid, terr, NULL, 2 FROM t_ind;

INSERT INTO person."Address" ("AddressID","AddressLine1","AddressLine2","City","StateProvinceID","PostalCode","rowguid","ModifiedDate")
SELECT a.beid,
       (100 + floor(pg_temp.rnd('street-no/' || a.beid) * 9800))::int || ' ' ||
       (ARRAY['Main Street','Oak Avenue','Pine Road','Lakeview Drive','Hillcrest Lane','Maple Court','Cedar Boulevard',
              'Elm Street','Park Avenue','Sunset Drive','River Road','Highland Avenue','Washington Street','Church Street',
              'Market Street','Mill Road','Spring Street','Forest Drive','Meadow Lane','Bridge Street'])
              [1 + floor(pg_temp.rnd('street/' || a.beid) * 20)::int],
       CASE WHEN pg_temp.rnd('line2/' || a.beid) < 0.07 THEN 'Suite ' || (100 + a.beid % 400) END,
       pr.cities[c.k], pr.prov_id, pr.postals[c.k],
       pg_temp.guid('addr' || a.beid), timestamp '2021-01-01' + (a.beid % 700) * interval '1 day'
FROM t_addr_src a
JOIN LATERAL (SELECT * FROM t_prov p
              WHERE p.terr = a.terr
                AND (a.force_prov IS NULL AND p.k = 1 + floor(pg_temp.rnd('prov/' || a.beid) * p.n)::int
                     OR p.prov_id = a.force_prov)) pr ON true
CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.rnd('city/' || a.beid) * pr.ncity)::int AS k) c;

INSERT INTO person."BusinessEntityAddress" ("BusinessEntityID","AddressID","AddressTypeID","rowguid","ModifiedDate")
SELECT beid, beid, atype, pg_temp.guid('bea' || beid), timestamp '2021-01-01' + (beid % 700) * interval '1 day'
FROM t_addr_src;

INSERT INTO humanresources."Employee" ("BusinessEntityID","NationalIDNumber","LoginID","JobTitle","BirthDate","MaritalStatus",
  "Gender","HireDate","SalariedFlag","VacationHours","SickLeaveHours","CurrentFlag","rowguid","ModifiedDate")
SELECT id, (100000000 + (id * 48271) % 899999999)::text,
       'adventure-works\' || lower(replace(replace(fn, '. ', ''), ' ', '')) || (row_number() OVER (PARTITION BY fn ORDER BY id) - 1),
       title, birth, ms, g, hire, salaried, vac, sick, cur, pg_temp.guid('emp' || id),
       CASE WHEN cur THEN timestamp '2024-12-31' ELSE timestamp '2025-03-01' END
FROM t_emp;

INSERT INTO humanresources."EmployeeDepartmentHistory" ("BusinessEntityID","DepartmentID","ShiftID","StartDate","EndDate","ModifiedDate")
SELECT id, dept, shift, sdate, edate, COALESCE(edate, sdate) + interval '1 day' FROM t_edh;

-- pay history: current rate is e.rate; up to two earlier raises of 5 % on 2023-07-01 / 2024-07-01
INSERT INTO humanresources."EmployeePayHistory" ("BusinessEntityID","RateChangeDate","Rate","PayFrequency","ModifiedDate")
SELECT e.id, x.dt, round(e.rate / power(1.05::numeric, x.steps_after), 2), CASE WHEN e.salaried THEN 2 ELSE 1 END, x.dt
FROM t_emp e
CROSS JOIN LATERAL (SELECT floor(pg_temp.rnd('raises/' || e.id) * 3)::int AS nr) r
CROSS JOIN LATERAL (
   SELECT e.hire::timestamp AS dt,
          (CASE WHEN r.nr >= 1 AND e.hire < date '2024-07-01' THEN 1 ELSE 0 END
         + CASE WHEN r.nr >= 2 AND e.hire < date '2023-07-01' THEN 1 ELSE 0 END) AS steps_after
   UNION ALL
   SELECT timestamp '2023-07-01', 1 WHERE r.nr >= 2 AND e.hire < date '2023-07-01'
   UNION ALL
   SELECT timestamp '2024-07-01', 0 WHERE r.nr >= 1 AND e.hire < date '2024-07-01'
) x;

INSERT INTO sales."Store" ("BusinessEntityID","Name","SalesPersonID","rowguid","ModifiedDate")
SELECT beid, name, sp, pg_temp.guid('store' || beid), timestamp '2021-09-12' + (s % 40) * interval '1 day' FROM t_store;

INSERT INTO sales."Customer" ("CustomerID","PersonID","StoreID","TerritoryID","rowguid","ModifiedDate")
SELECT cust_id, NULL, beid, terr, pg_temp.guid('cust' || cust_id), timestamp '2021-09-12' + (s % 40) * interval '1 day' FROM t_store
UNION ALL
SELECT cust_id, beid, NULL, terr, pg_temp.guid('cust' || cust_id), timestamp '2021-01-01' + (i % 480) * interval '1 day' FROM t_ind;

-- ---- orders -------------------------------------------------------------
CREATE TEMP TABLE t_days AS
SELECT d::date AS d, (d::date - date '2022-05-01') / 1156.0 AS t,
       (ARRAY[0.85,0.85,0.95,1.00,1.10,1.15,1.05,1.00,0.95,1.00,1.15,1.30])[extract(month FROM d)::int] AS season,
       extract(isodow FROM d)::int AS dow
FROM generate_series(date '2022-05-01', date '2025-06-30', interval '1 day') d;

CREATE TEMP TABLE t_ord0 AS
SELECT d.d AS odate, true AS online, k,
       11000 + (floor(1800 * u * sqrt(u))::int * 757 + 211) % 1800 AS cust_id
FROM t_days d
CROSS JOIN LATERAL generate_series(1, floor((3.0 + 4.5 * d.t) * d.season + pg_temp.rnd('on/' || d.d))::int) k
CROSS JOIN LATERAL (SELECT pg_temp.rnd('oc/' || d.d || '/' || k) AS u) uu
UNION ALL
SELECT d.d, false, k, 1 + (floor(200 * u * sqrt(u))::int * 67 + 29) % 200
FROM t_days d
CROSS JOIN LATERAL generate_series(1, floor((1.2 + 1.4 * d.t) * d.season + pg_temp.rnd('rs/' || d.d))::int) k
CROSS JOIN LATERAL (SELECT pg_temp.rnd('rc/' || d.d || '/' || k) AS u) uu
WHERE d.dow <= 5;

CREATE TEMP TABLE t_ord AS
SELECT 43658 + row_number() OVER (ORDER BY o.odate, o.online, o.k) AS oid, o.*,
       c."TerritoryID" AS terr,
       CASE WHEN o.online THEN NULL ELSE s."SalesPersonID" END AS sp,
       COALESCE(c."PersonID", c."StoreID") AS addr_id,
       CASE WHEN o.online THEN 1 + floor(4 * u1 * u1)::int ELSE 5 + floor(26 * u1)::int END AS nlines,
       CASE WHEN o.online THEN 2 + floor(14 * u2 * u2 * u2)::int ELSE 3 + floor(12 * u2 * u2 * u2)::int END AS lag,
       u3
FROM t_ord0 o
JOIN sales."Customer" c ON c."CustomerID" = o.cust_id
LEFT JOIN sales."Store" s ON s."BusinessEntityID" = c."StoreID"
CROSS JOIN LATERAL (SELECT pg_temp.rnd('nl/' || o.odate || o.online || o.k) AS u1,
                           pg_temp.rnd('lag/' || o.odate || o.online || o.k) AS u2,
                           pg_temp.rnd('st/' || o.odate || o.online || o.k) AS u3) uu;

ALTER TABLE t_ord ADD COLUMN status int;
UPDATE t_ord SET status = CASE WHEN u3 < 0.012 THEN 6
                               WHEN u3 < 0.020 THEN 4
                               WHEN odate + lag > date '2025-06-30' THEN CASE WHEN u3 < 0.50 THEN 1 WHEN u3 < 0.85 THEN 2 ELSE 3 END
                               ELSE 5 END;

-- product popularity weights per channel
CREATE TEMP TABLE t_pw AS
SELECT p."ProductID" AS pid, sc."ProductCategoryID" AS cat, p."ListPrice" AS price, p."StandardCost" AS cost,
       p."SellStartDate"::date AS sstart, COALESCE(p."SellEndDate"::date, date '2099-12-31') AS send,
       (0.3 + 1.4 * pg_temp.rnd('pop/' || p."ProductID"))
         * CASE WHEN sc."ProductCategoryID" = 1 THEN sqrt(1000.0 / p."ListPrice"::float8) ELSE 1.0 END AS pop
FROM production."Product" p JOIN production."ProductSubcategory" sc ON sc."ProductSubcategoryID" = p."ProductSubcategoryID"
WHERE p."FinishedGoodsFlag";

CREATE TEMP TABLE t_line AS
SELECT * FROM (
  SELECT o.oid, o.online, o.odate, w.pid, w.cat, w.price,
         row_number() OVER (PARTITION BY o.oid ORDER BY
             pg_temp.rnd('pick/' || o.oid || '/' || w.pid)
             / (w.pop * CASE WHEN o.online THEN (ARRAY[1.0, 0.0, 2.0, 3.0])[w.cat] ELSE (ARRAY[1.5, 1.0, 0.8, 0.8])[w.cat] END),
             w.pid) AS rn,
         o.nlines
  FROM t_ord o
  JOIN t_pw w ON o.odate BETWEEN w.sstart AND w.send
             AND (NOT o.online OR w.cat <> 2)
) x WHERE rn <= nlines;

ALTER TABLE t_line ADD COLUMN qty int, ADD COLUMN offer int, ADD COLUMN unit numeric, ADD COLUMN disc numeric;
UPDATE t_line l SET qty = CASE
    WHEN l.online THEN CASE WHEN l.cat IN (3, 4) AND q.u < 0.22 THEN 2 ELSE 1 END
    WHEN l.cat = 1 THEN 1 + floor(8 * q.u * q.u)::int
    WHEN l.cat = 2 THEN 1 + floor(16 * q.u * q.u)::int
    ELSE 1 + floor(30 * q.u * q.u * q.u)::int END
FROM (SELECT oid, pid, pg_temp.rnd('qty/' || oid || '/' || pid) AS u FROM t_line) q
WHERE q.oid = l.oid AND q.pid = l.pid;

UPDATE t_line l SET offer = COALESCE(
    (SELECT min(t.offer_id) FROM t_promo t JOIN sales."SpecialOffer" so ON so."SpecialOfferID" = t.offer_id
      WHERE t.pid = l.pid AND l.odate BETWEEN so."StartDate"::date AND so."EndDate"::date
        AND so."Category" = CASE WHEN l.online THEN 'Customer' ELSE 'Reseller' END
        AND pg_temp.rnd('promo/' || l.oid || '/' || l.pid) < 0.6),
    CASE WHEN l.online THEN 1
         WHEN l.qty BETWEEN 11 AND 14 THEN 2 WHEN l.qty BETWEEN 15 AND 24 THEN 3
         WHEN l.qty BETWEEN 25 AND 40 THEN 4 WHEN l.qty BETWEEN 41 AND 60 THEN 5
         WHEN l.qty > 60 THEN 6 ELSE 1 END);

UPDATE t_line l SET unit = CASE WHEN l.online THEN l.price ELSE round(l.price * 0.8, 2) END,
                    disc = so."DiscountPct"
FROM sales."SpecialOffer" so WHERE so."SpecialOfferID" = l.offer;

CREATE TEMP TABLE t_sub AS
SELECT oid, sum(unit * (1.0 - disc) * qty) AS subtotal FROM t_line GROUP BY oid;

INSERT INTO sales."SalesOrderHeader" ("SalesOrderID","RevisionNumber","OrderDate","DueDate","ShipDate","Status","OnlineOrderFlag",
  "PurchaseOrderNumber","AccountNumber","CustomerID","SalesPersonID","TerritoryID","BillToAddressID","ShipToAddressID",
  "SubTotal","TaxAmt","Freight","Comment","rowguid","ModifiedDate")
SELECT o.oid, 1, o.odate, o.odate + 12, CASE WHEN o.status = 5 THEN o.odate + o.lag END, o.status, o.online,
       CASE WHEN NOT o.online THEN 'PO' || lpad(((o.oid * 104729) % 99999999999)::text, 11, '0') END,
       '10-4030-' || lpad(o.cust_id::text, 6, '0'),
       o.cust_id, o.sp, o.terr, o.addr_id, o.addr_id,
       s.subtotal, round(s.subtotal * 0.08, 4), round(s.subtotal * 0.025, 4), NULL,
       pg_temp.guid('soh' || o.oid),
       CASE WHEN o.status = 5 THEN o.odate + o.lag ELSE o.odate END
FROM t_ord o JOIN t_sub s ON s.oid = o.oid;

INSERT INTO sales."SalesOrderDetail" ("SalesOrderID","SalesOrderDetailID","CarrierTrackingNumber","OrderQty","ProductID",
  "SpecialOfferID","UnitPrice","UnitPriceDiscount","rowguid","ModifiedDate")
SELECT l.oid, row_number() OVER (ORDER BY l.oid, l.rn),
       CASE WHEN NOT l.online AND o.status = 5
            THEN upper(substr(md5('ctn' || l.oid), 1, 4) || '-' || substr(md5('ctn' || l.oid), 5, 4) || '-' || substr(md5('ctn' || l.oid), 9, 2)) END,
       l.qty, l.pid, l.offer, l.unit, l.disc,
       pg_temp.guid('sod' || l.oid || '/' || l.pid), l.odate
FROM t_line l JOIN t_ord o ON o.oid = l.oid;

-- ---- denormalised sales figures (computed from the orders, all but rejected/cancelled) ----
CREATE TEMP TABLE t_spsales AS
SELECT h."SalesPersonID" AS sp,
       sum(h."SubTotal") FILTER (WHERE h."OrderDate" >= '2025-01-01') AS ytd,
       sum(h."SubTotal") FILTER (WHERE h."OrderDate" >= '2024-01-01' AND h."OrderDate" < '2025-01-01') AS ly
FROM sales."SalesOrderHeader" h WHERE h."Status" NOT IN (4, 6) AND h."SalesPersonID" IS NOT NULL
GROUP BY 1;

INSERT INTO sales."SalesPerson" ("BusinessEntityID","TerritoryID","SalesQuota","Bonus","CommissionPct","SalesYTD","SalesLastYear","rowguid","ModifiedDate")
SELECT e.id, e.terr,
       CASE WHEN e.terr IS NULL THEN NULL
            ELSE round(COALESCE(s.ly, 0) * (CASE WHEN e.id = 52 THEN 0.70 ELSE 0.88 + 0.30 * pg_temp.rnd('quota/' || e.id) END)::numeric / 25000) * 25000 END,
       CASE WHEN e.terr IS NULL THEN 0 ELSE round((500 + 6000 * pg_temp.rnd('bonus/' || e.id))::numeric / 50) * 50 END,
       CASE WHEN e.terr IS NULL THEN 0 ELSE round((0.010 + 0.010 * pg_temp.rnd('comm/' || e.id))::numeric, 3) END,
       COALESCE(s.ytd, 0), COALESCE(s.ly, 0), pg_temp.guid('sp' || e.id), timestamp '2025-06-30'
FROM t_emp e LEFT JOIN t_spsales s ON s.sp = e.id
WHERE e.id BETWEEN 41 AND 58;

-- territory figures (computed from the orders, all but rejected/cancelled)
CREATE TEMP TABLE t_terrsales AS
WITH oc AS (
  SELECT h."SalesOrderID", h."TerritoryID", h."OrderDate", h."SubTotal", h."Status",
         (SELECT sum(d."OrderQty" * p."StandardCost") FROM sales."SalesOrderDetail" d
            JOIN production."Product" p ON p."ProductID" = d."ProductID"
           WHERE d."SalesOrderID" = h."SalesOrderID") AS cost
  FROM sales."SalesOrderHeader" h WHERE h."Status" NOT IN (4, 6))
SELECT "TerritoryID" AS terr,
       COALESCE(sum("SubTotal") FILTER (WHERE "OrderDate" >= '2025-01-01'), 0) AS ytd,
       COALESCE(sum("SubTotal") FILTER (WHERE "OrderDate" >= '2024-01-01' AND "OrderDate" < '2025-01-01'), 0) AS ly,
       COALESCE(round(sum(cost) FILTER (WHERE "OrderDate" >= '2025-01-01'), 4), 0) AS cytd,
       COALESCE(round(sum(cost) FILTER (WHERE "OrderDate" >= '2024-01-01' AND "OrderDate" < '2025-01-01'), 4), 0) AS cly
FROM oc GROUP BY 1;

INSERT INTO sales."SalesTerritory" ("TerritoryID","Name","CountryRegionCode","Group","SalesYTD","SalesLastYear","CostYTD","CostLastYear","rowguid","ModifiedDate")
SELECT v.id, v.n, v.c, v.g, COALESCE(t.ytd, 0), COALESCE(t.ly, 0), COALESCE(t.cytd, 0), COALESCE(t.cly, 0),
       pg_temp.guid('terr' || v.id), timestamp '2025-06-30'
FROM (VALUES (1,'Northwest','US','North America'), (2,'Northeast','US','North America'),
             (3,'Central','US','North America'), (4,'Southwest','US','North America'),
             (5,'Southeast','US','North America'), (6,'Canada','CA','North America'),
             (7,'France','FR','Europe'), (8,'Germany','DE','Europe'),
             (9,'Australia','AU','Pacific'), (10,'United Kingdom','GB','Europe')) v(id,n,c,g)
LEFT JOIN t_terrsales t ON t.terr = v.id;

-- =====================================================================
-- sequences, foreign keys, indexes (as in the original)
-- =====================================================================
DO $$
BEGIN
  PERFORM setval(pg_get_serial_sequence('person."BusinessEntity"', 'BusinessEntityID'), (SELECT max("BusinessEntityID") FROM person."BusinessEntity"));
  PERFORM setval(pg_get_serial_sequence('person."StateProvince"', 'StateProvinceID'), (SELECT max("StateProvinceID") FROM person."StateProvince"));
  PERFORM setval(pg_get_serial_sequence('person."Address"', 'AddressID'), (SELECT max("AddressID") FROM person."Address"));
  PERFORM setval(pg_get_serial_sequence('person."AddressType"', 'AddressTypeID'), (SELECT max("AddressTypeID") FROM person."AddressType"));
  PERFORM setval(pg_get_serial_sequence('production."ProductCategory"', 'ProductCategoryID'), (SELECT max("ProductCategoryID") FROM production."ProductCategory"));
  PERFORM setval(pg_get_serial_sequence('production."ProductSubcategory"', 'ProductSubcategoryID'), (SELECT max("ProductSubcategoryID") FROM production."ProductSubcategory"));
  PERFORM setval(pg_get_serial_sequence('production."Product"', 'ProductID'), (SELECT max("ProductID") FROM production."Product"));
  PERFORM setval(pg_get_serial_sequence('sales."SalesTerritory"', 'TerritoryID'), (SELECT max("TerritoryID") FROM sales."SalesTerritory"));
  PERFORM setval(pg_get_serial_sequence('sales."Customer"', 'CustomerID'), (SELECT max("CustomerID") FROM sales."Customer"));
  PERFORM setval(pg_get_serial_sequence('sales."SpecialOffer"', 'SpecialOfferID'), (SELECT max("SpecialOfferID") FROM sales."SpecialOffer"));
  PERFORM setval(pg_get_serial_sequence('sales."SalesOrderHeader"', 'SalesOrderID'), (SELECT max("SalesOrderID") FROM sales."SalesOrderHeader"));
  PERFORM setval(pg_get_serial_sequence('sales."SalesOrderDetail"', 'SalesOrderDetailID'), (SELECT max("SalesOrderDetailID") FROM sales."SalesOrderDetail"));
END
$$;

ALTER TABLE person."Person" ADD CONSTRAINT "FK_Person_BusinessEntity_BusinessEntityID" FOREIGN KEY ("BusinessEntityID") REFERENCES person."BusinessEntity" ("BusinessEntityID");
ALTER TABLE person."StateProvince" ADD CONSTRAINT "FK_StateProvince_CountryRegion_CountryRegionCode" FOREIGN KEY ("CountryRegionCode") REFERENCES person."CountryRegion" ("CountryRegionCode");
ALTER TABLE person."StateProvince" ADD CONSTRAINT "FK_StateProvince_SalesTerritory_TerritoryID" FOREIGN KEY ("TerritoryID") REFERENCES sales."SalesTerritory" ("TerritoryID");
ALTER TABLE person."Address" ADD CONSTRAINT "FK_Address_StateProvince_StateProvinceID" FOREIGN KEY ("StateProvinceID") REFERENCES person."StateProvince" ("StateProvinceID");
ALTER TABLE person."BusinessEntityAddress" ADD CONSTRAINT "FK_BusinessEntityAddress_Address_AddressID" FOREIGN KEY ("AddressID") REFERENCES person."Address" ("AddressID");
ALTER TABLE person."BusinessEntityAddress" ADD CONSTRAINT "FK_BusinessEntityAddress_AddressType_AddressTypeID" FOREIGN KEY ("AddressTypeID") REFERENCES person."AddressType" ("AddressTypeID");
ALTER TABLE person."BusinessEntityAddress" ADD CONSTRAINT "FK_BusinessEntityAddress_BusinessEntity_BusinessEntityID" FOREIGN KEY ("BusinessEntityID") REFERENCES person."BusinessEntity" ("BusinessEntityID");
ALTER TABLE humanresources."Employee" ADD CONSTRAINT "FK_Employee_Person_BusinessEntityID" FOREIGN KEY ("BusinessEntityID") REFERENCES person."Person" ("BusinessEntityID");
ALTER TABLE humanresources."EmployeeDepartmentHistory" ADD CONSTRAINT "FK_EmployeeDepartmentHistory_Department_DepartmentID" FOREIGN KEY ("DepartmentID") REFERENCES humanresources."Department" ("DepartmentID");
ALTER TABLE humanresources."EmployeeDepartmentHistory" ADD CONSTRAINT "FK_EmployeeDepartmentHistory_Employee_BusinessEntityID" FOREIGN KEY ("BusinessEntityID") REFERENCES humanresources."Employee" ("BusinessEntityID");
ALTER TABLE humanresources."EmployeeDepartmentHistory" ADD CONSTRAINT "FK_EmployeeDepartmentHistory_Shift_ShiftID" FOREIGN KEY ("ShiftID") REFERENCES humanresources."Shift" ("ShiftID");
ALTER TABLE humanresources."EmployeePayHistory" ADD CONSTRAINT "FK_EmployeePayHistory_Employee_BusinessEntityID" FOREIGN KEY ("BusinessEntityID") REFERENCES humanresources."Employee" ("BusinessEntityID");
ALTER TABLE production."ProductSubcategory" ADD CONSTRAINT "FK_ProductSubcategory_ProductCategory_ProductCategoryID" FOREIGN KEY ("ProductCategoryID") REFERENCES production."ProductCategory" ("ProductCategoryID");
ALTER TABLE production."Product" ADD CONSTRAINT "FK_Product_ProductSubcategory_ProductSubcategoryID" FOREIGN KEY ("ProductSubcategoryID") REFERENCES production."ProductSubcategory" ("ProductSubcategoryID");
ALTER TABLE production."Product" ADD CONSTRAINT "FK_Product_UnitMeasure_SizeUnitMeasureCode" FOREIGN KEY ("SizeUnitMeasureCode") REFERENCES production."UnitMeasure" ("UnitMeasureCode");
ALTER TABLE production."Product" ADD CONSTRAINT "FK_Product_UnitMeasure_WeightUnitMeasureCode" FOREIGN KEY ("WeightUnitMeasureCode") REFERENCES production."UnitMeasure" ("UnitMeasureCode");
ALTER TABLE production."ProductInventory" ADD CONSTRAINT "FK_ProductInventory_Location_LocationID" FOREIGN KEY ("LocationID") REFERENCES production."Location" ("LocationID");
ALTER TABLE production."ProductInventory" ADD CONSTRAINT "FK_ProductInventory_Product_ProductID" FOREIGN KEY ("ProductID") REFERENCES production."Product" ("ProductID");
ALTER TABLE sales."SalesTerritory" ADD CONSTRAINT "FK_SalesTerritory_CountryRegion_CountryRegionCode" FOREIGN KEY ("CountryRegionCode") REFERENCES person."CountryRegion" ("CountryRegionCode");
ALTER TABLE sales."SalesPerson" ADD CONSTRAINT "FK_SalesPerson_Employee_BusinessEntityID" FOREIGN KEY ("BusinessEntityID") REFERENCES humanresources."Employee" ("BusinessEntityID");
ALTER TABLE sales."SalesPerson" ADD CONSTRAINT "FK_SalesPerson_SalesTerritory_TerritoryID" FOREIGN KEY ("TerritoryID") REFERENCES sales."SalesTerritory" ("TerritoryID");
ALTER TABLE sales."Store" ADD CONSTRAINT "FK_Store_BusinessEntity_BusinessEntityID" FOREIGN KEY ("BusinessEntityID") REFERENCES person."BusinessEntity" ("BusinessEntityID");
ALTER TABLE sales."Store" ADD CONSTRAINT "FK_Store_SalesPerson_SalesPersonID" FOREIGN KEY ("SalesPersonID") REFERENCES sales."SalesPerson" ("BusinessEntityID");
ALTER TABLE sales."Customer" ADD CONSTRAINT "FK_Customer_Person_PersonID" FOREIGN KEY ("PersonID") REFERENCES person."Person" ("BusinessEntityID");
ALTER TABLE sales."Customer" ADD CONSTRAINT "FK_Customer_SalesTerritory_TerritoryID" FOREIGN KEY ("TerritoryID") REFERENCES sales."SalesTerritory" ("TerritoryID");
ALTER TABLE sales."Customer" ADD CONSTRAINT "FK_Customer_Store_StoreID" FOREIGN KEY ("StoreID") REFERENCES sales."Store" ("BusinessEntityID");
ALTER TABLE sales."SpecialOfferProduct" ADD CONSTRAINT "FK_SpecialOfferProduct_Product_ProductID" FOREIGN KEY ("ProductID") REFERENCES production."Product" ("ProductID");
ALTER TABLE sales."SpecialOfferProduct" ADD CONSTRAINT "FK_SpecialOfferProduct_SpecialOffer_SpecialOfferID" FOREIGN KEY ("SpecialOfferID") REFERENCES sales."SpecialOffer" ("SpecialOfferID");
ALTER TABLE sales."SalesOrderHeader" ADD CONSTRAINT "FK_SalesOrderHeader_Address_BillToAddressID" FOREIGN KEY ("BillToAddressID") REFERENCES person."Address" ("AddressID");
ALTER TABLE sales."SalesOrderHeader" ADD CONSTRAINT "FK_SalesOrderHeader_Address_ShipToAddressID" FOREIGN KEY ("ShipToAddressID") REFERENCES person."Address" ("AddressID");
ALTER TABLE sales."SalesOrderHeader" ADD CONSTRAINT "FK_SalesOrderHeader_Customer_CustomerID" FOREIGN KEY ("CustomerID") REFERENCES sales."Customer" ("CustomerID");
ALTER TABLE sales."SalesOrderHeader" ADD CONSTRAINT "FK_SalesOrderHeader_SalesPerson_SalesPersonID" FOREIGN KEY ("SalesPersonID") REFERENCES sales."SalesPerson" ("BusinessEntityID");
ALTER TABLE sales."SalesOrderHeader" ADD CONSTRAINT "FK_SalesOrderHeader_SalesTerritory_TerritoryID" FOREIGN KEY ("TerritoryID") REFERENCES sales."SalesTerritory" ("TerritoryID");
ALTER TABLE sales."SalesOrderDetail" ADD CONSTRAINT "FK_SalesOrderDetail_SalesOrderHeader_SalesOrderID" FOREIGN KEY ("SalesOrderID") REFERENCES sales."SalesOrderHeader" ("SalesOrderID") ON DELETE CASCADE;
ALTER TABLE sales."SalesOrderDetail" ADD CONSTRAINT "FK_SalesOrderDetail_SpecialOfferProduct_SpecialOfferIDProductID" FOREIGN KEY ("SpecialOfferID", "ProductID") REFERENCES sales."SpecialOfferProduct" ("SpecialOfferID", "ProductID");

CREATE UNIQUE INDEX "AK_BusinessEntity_rowguid" ON person."BusinessEntity" ("rowguid");
CREATE UNIQUE INDEX "AK_Person_rowguid" ON person."Person" ("rowguid");
CREATE INDEX "IX_Person_LastName_FirstName_MiddleName" ON person."Person" ("LastName", "FirstName", "MiddleName");
CREATE UNIQUE INDEX "AK_CountryRegion_Name" ON person."CountryRegion" ("Name");
CREATE UNIQUE INDEX "AK_StateProvince_Name" ON person."StateProvince" ("Name");
CREATE UNIQUE INDEX "AK_StateProvince_StateProvinceCode_CountryRegionCode" ON person."StateProvince" ("StateProvinceCode", "CountryRegionCode");
CREATE UNIQUE INDEX "AK_StateProvince_rowguid" ON person."StateProvince" ("rowguid");
CREATE UNIQUE INDEX "IX_Address_AddressLine1_AddressLine2_City_StateProvinceID_PostalCode" ON person."Address" ("AddressLine1", "AddressLine2", "City", "StateProvinceID", "PostalCode");
CREATE INDEX "IX_Address_StateProvinceID" ON person."Address" ("StateProvinceID");
CREATE UNIQUE INDEX "AK_Address_rowguid" ON person."Address" ("rowguid");
CREATE UNIQUE INDEX "AK_AddressType_Name" ON person."AddressType" ("Name");
CREATE UNIQUE INDEX "AK_AddressType_rowguid" ON person."AddressType" ("rowguid");
CREATE UNIQUE INDEX "AK_BusinessEntityAddress_rowguid" ON person."BusinessEntityAddress" ("rowguid");
CREATE INDEX "IX_BusinessEntityAddress_AddressID" ON person."BusinessEntityAddress" ("AddressID");
CREATE INDEX "IX_BusinessEntityAddress_AddressTypeID" ON person."BusinessEntityAddress" ("AddressTypeID");
CREATE UNIQUE INDEX "AK_Department_Name" ON humanresources."Department" ("Name");
CREATE UNIQUE INDEX "AK_Shift_Name" ON humanresources."Shift" ("Name");
CREATE UNIQUE INDEX "AK_Shift_StartTime_EndTime" ON humanresources."Shift" ("StartTime", "EndTime");
CREATE UNIQUE INDEX "AK_Employee_LoginID" ON humanresources."Employee" ("LoginID");
CREATE UNIQUE INDEX "AK_Employee_NationalIDNumber" ON humanresources."Employee" ("NationalIDNumber");
CREATE UNIQUE INDEX "AK_Employee_rowguid" ON humanresources."Employee" ("rowguid");
CREATE INDEX "IX_EmployeeDepartmentHistory_DepartmentID" ON humanresources."EmployeeDepartmentHistory" ("DepartmentID");
CREATE INDEX "IX_EmployeeDepartmentHistory_ShiftID" ON humanresources."EmployeeDepartmentHistory" ("ShiftID");
CREATE UNIQUE INDEX "AK_ProductCategory_Name" ON production."ProductCategory" ("Name");
CREATE UNIQUE INDEX "AK_ProductCategory_rowguid" ON production."ProductCategory" ("rowguid");
CREATE UNIQUE INDEX "AK_ProductSubcategory_Name" ON production."ProductSubcategory" ("Name");
CREATE UNIQUE INDEX "AK_ProductSubcategory_rowguid" ON production."ProductSubcategory" ("rowguid");
CREATE UNIQUE INDEX "AK_UnitMeasure_Name" ON production."UnitMeasure" ("Name");
CREATE UNIQUE INDEX "AK_Product_Name" ON production."Product" ("Name");
CREATE UNIQUE INDEX "AK_Product_ProductNumber" ON production."Product" ("ProductNumber");
CREATE UNIQUE INDEX "AK_Product_rowguid" ON production."Product" ("rowguid");
CREATE UNIQUE INDEX "AK_Location_Name" ON production."Location" ("Name");
CREATE UNIQUE INDEX "AK_SalesTerritory_Name" ON sales."SalesTerritory" ("Name");
CREATE UNIQUE INDEX "AK_SalesTerritory_rowguid" ON sales."SalesTerritory" ("rowguid");
CREATE UNIQUE INDEX "AK_SalesPerson_rowguid" ON sales."SalesPerson" ("rowguid");
CREATE UNIQUE INDEX "AK_Store_rowguid" ON sales."Store" ("rowguid");
CREATE INDEX "IX_Store_SalesPersonID" ON sales."Store" ("SalesPersonID");
CREATE UNIQUE INDEX "AK_Customer_AccountNumber" ON sales."Customer" ("AccountNumber");
CREATE UNIQUE INDEX "AK_Customer_rowguid" ON sales."Customer" ("rowguid");
CREATE INDEX "IX_Customer_TerritoryID" ON sales."Customer" ("TerritoryID");
CREATE UNIQUE INDEX "AK_SpecialOffer_rowguid" ON sales."SpecialOffer" ("rowguid");
CREATE UNIQUE INDEX "AK_SpecialOfferProduct_rowguid" ON sales."SpecialOfferProduct" ("rowguid");
CREATE INDEX "IX_SpecialOfferProduct_ProductID" ON sales."SpecialOfferProduct" ("ProductID");
CREATE UNIQUE INDEX "AK_SalesOrderHeader_SalesOrderNumber" ON sales."SalesOrderHeader" ("SalesOrderNumber");
CREATE UNIQUE INDEX "AK_SalesOrderHeader_rowguid" ON sales."SalesOrderHeader" ("rowguid");
CREATE INDEX "IX_SalesOrderHeader_CustomerID" ON sales."SalesOrderHeader" ("CustomerID");
CREATE INDEX "IX_SalesOrderHeader_SalesPersonID" ON sales."SalesOrderHeader" ("SalesPersonID");
CREATE UNIQUE INDEX "AK_SalesOrderDetail_rowguid" ON sales."SalesOrderDetail" ("rowguid");
CREATE INDEX "IX_SalesOrderDetail_ProductID" ON sales."SalesOrderDetail" ("ProductID");

ANALYZE;
